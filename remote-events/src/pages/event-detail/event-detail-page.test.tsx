import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dialogQueueAtom,
  hubStore,
  lastVisitedKey,
  settleDialog,
  showAlert,
  showConfirm,
  type EventDetail,
  type EventLocation,
  type EventViewerInfo,
  type Attendee,
} from '@hub/shared';
import { fakeApi, type FakeAnswer, type FakeRoute } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import EventDetailPage from './event-detail-page';
import { rememberPendingAttend } from './pending-attend';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

/** The Event-location dialogs queued for the host so far (the real shared queue; the host renders it). */
const queuedPickers = () => hubStore.get(dialogQueueAtom).filter((d) => d.request.kind === 'eventLocation');

/** Waits for the shared picker to be asked with `offered`, and answers it as the user would (null: Cancel). */
async function answerPicker(offered: EventLocation[], answer: EventLocation | null) {
  await waitFor(() => expect(queuedPickers()).toHaveLength(1));
  const [entry] = queuedPickers();
  expect(entry!.request).toEqual({ kind: 'eventLocation', locations: offered });
  act(() => settleDialog(entry!.id, answer));
}
const confirmMock = jest.mocked(showConfirm);
const alertMock = jest.mocked(showAlert);

const loc = (id: number, overrides: Partial<EventLocation> = {}): EventLocation => ({
  eventLocationId: id,
  cityName: 'Amsterdam',
  address: `Street ${id}`,
  online: 'No',
  capacity: null,
  attendeeCount: 0,
  ...overrides,
});

const amsterdam = loc(11, { cityName: 'Amsterdam', address: 'Herengracht 1' });
const utrecht = loc(12, { cityName: 'Utrecht', address: 'Domplein 2' });
const online = loc(13, { cityName: 'Teams', address: null, online: 'Yes' });

function anEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 5,
    title: 'Java meetup',
    description: '# Agenda\n\nTalks about **Java** and [the JVM](https://openjdk.org).',
    imageUrl: '',
    startsAt: '2030-03-01T17:00:00.000Z',
    endsAt: '2030-03-01T19:00:00.000Z',
    timeZone: 'Europe/Amsterdam',
    communityId: 3,
    communityName: 'Java Community',
    communityBaseId: 1,
    countryId: 1,
    countryName: 'Netherlands',
    capacity: 20,
    attendeeCount: 4,
    seatsLeft: 16,
    cancelled: false,
    format: 'inPerson',
    locations: [amsterdam],
    waitingListCount: 0,
    waitingListEnabled: false,
    cancelledAt: null,
    cancellationNote: null,
    reminders: { dayBefore: true, hourBefore: true },
    ...overrides,
  };
}

const viewerOf = (overrides: Partial<EventViewerInfo> = {}): EventViewerInfo => ({
  eventId: 5,
  status: 'none',
  eventLocationId: null,
  waitingListPosition: null,
  canManage: false,
  joinLinks: [],
  shownInWhosGoing: false,
  ...overrides,
});

const jane = aUser({ userId: 'uid-1' });

/** An API holding one event whose counts and the viewer's status follow PUT/DELETE attendance. */
function fakeEventApi(start: EventDetail, viewer: EventViewerInfo = viewerOf(), extra: Record<string, FakeRoute> = {}) {
  let event = start;
  let me = viewer;
  return fakeApi({
    'GET api/events/5': () => ({ body: event }),
    'GET api/events/5/me': () => ({ body: me }),
    'GET api/events/5/messages': { body: { items: [] } },
    'GET api/events/5/whos-going': { body: { eventId: 5, names: [], others: 0 } },
    'GET api/user': { body: jane },
    'PUT api/events/5/attendance': ({ body }) => {
      const eventLocationId = (body as { eventLocationId: number | null }).eventLocationId;
      const full = event.seatsLeft === 0;
      me = { ...me, status: full ? 'waiting' : 'attending', eventLocationId, waitingListPosition: full ? 1 : null };
      if (!full) event = { ...event, attendeeCount: event.attendeeCount + 1, seatsLeft: (event.seatsLeft ?? 1) - 1 };
      return { body: { eventId: 5, status: me.status, eventLocationId } };
    },
    'DELETE api/events/5/attendance': () => {
      if (me.status === 'attending')
        event = { ...event, attendeeCount: event.attendeeCount - 1, seatsLeft: (event.seatsLeft ?? 0) + 1 };
      me = { ...me, status: 'none', eventLocationId: null, waitingListPosition: null };
      return { body: { eventId: 5, status: 'none', eventLocationId: null } };
    },
    ...extra,
  });
}

function showEvent(options: { user?: typeof jane | null; url?: string } = {}) {
  const user = options.user === null ? undefined : (options.user ?? jane);
  return renderPage(<EventDetailPage />, { url: options.url ?? '/events/5', pattern: '/events/:id', user });
}

const attendButtons = () =>
  within(screen.getByRole('complementary'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  hubStore.set(dialogQueueAtom, []);
  alertMock.mockResolvedValue(undefined);
  sessionStorage.clear();
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('EventDetailPage: states', () => {
  it('shows a skeleton while loading, then the event with its document title', async () => {
    const answer = deferred<FakeAnswer>();
    fakeEventApi(anEvent(), viewerOf(), { 'GET api/events/5': () => answer.promise });
    showEvent();
    expect(screen.getByRole('progressbar', { name: 'Loading the event' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: anEvent() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Java meetup' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Java meetup · /);
  });

  it('shows title, times in the event zone, community link, locations, count, seats left and the Markdown description', async () => {
    const notes = 'Reception on the ground floor\nVisitor badge at the desk';
    fakeEventApi(anEvent({ locations: [{ ...amsterdam, arrivalNotes: notes }, online], format: 'hybrid' }));
    showEvent();
    await screen.findByRole('heading', { level: 1, name: 'Java meetup' });
    // The place's arrival notes under its address, their line breaks kept.
    const arrival = screen.getByText('On arrival:').parentElement!;
    expect(arrival).toHaveTextContent('On arrival: Reception on the ground floor Visitor badge at the desk');
    expect(arrival.textContent).toContain(notes);
    // 17:00Z is 18:00 in Amsterdam in March; the test machine runs in UTC, so both are shown.
    expect(screen.getByText(/Fri, 1 Mar 2030, 18:00\s*–\s*20:00 CET/)).toBeInTheDocument();
    expect(screen.getByText(/Your time \(UTC\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Java Community' })).toHaveAttribute('href', '/community/3');
    expect(screen.getByText('Herengracht 1')).toBeInTheDocument();
    expect(screen.getByText('The join link is shown here to people attending.')).toBeInTheDocument();
    expect(screen.getByText('4 attending')).toBeInTheDocument();
    expect(screen.getByText('16 seats left')).toBeInTheDocument();
    // The description's "# Agenda" sits below the page's h2 sections.
    expect(await screen.findByRole('heading', { level: 3, name: 'Agenda' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the JVM' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/api\/events\/5\/ics$/),
    );
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('shows the generated cover when there is no image', async () => {
    fakeEventApi(anEvent());
    const { container } = showEvent();
    await screen.findByRole('heading', { level: 1, name: 'Java meetup' });
    expect(container.querySelector('[data-testid="generated-cover"]')).toHaveTextContent('Java Community');
  });

  it('says Retry on a failure, and Retry loads the event', async () => {
    const api = fakeEventApi(anEvent(), viewerOf(), {
      'GET api/events/5': { status: 500, body: { message: 'Database unavailable', details: [] } },
    });
    showEvent();
    expect(await screen.findByText('Could not load the event')).toBeInTheDocument();
    expect(screen.getByText(/Database unavailable/)).toBeInTheDocument();
    api.set({ 'GET api/events/5': { body: anEvent() } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Java meetup' })).toBeInTheDocument();
  });

  it.each(['/events/999', '/events/abc'])('says an unknown event (%s) does not exist', async (url) => {
    fakeEventApi(anEvent(), viewerOf(), {
      'GET api/events/999': { status: 404, body: { message: 'Event not found', details: [] } },
    });
    showEvent({ url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events/event-list');
    expect(document.title).toMatch(/^Event not found/);
  });

  it('marks a cancelled event and offers no attendance', async () => {
    fakeEventApi(anEvent({ cancelled: true }));
    showEvent();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('This event has been cancelled')).toBeInTheDocument();
    expect(attendButtons()).toEqual([]);
  });

  it('a cancelled event looks cancelled only: when and the note; no "You\'re going", seats, calendar or join link', async () => {
    fakeEventApi(
      anEvent({
        cancelled: true,
        cancelledAt: '2030-02-20T09:30:00.000Z',
        cancellationNote: 'The speaker is ill.\nA new date follows.',
        locations: [{ ...amsterdam, capacity: 10, attendeeCount: 3 }, online],
        format: 'hybrid',
      }),
      viewerOf({
        status: 'attending',
        eventLocationId: 13,
        joinLinks: [{ eventLocationId: 13, joinUrl: 'https://teams.test/j/1' }],
      }),
    );
    showEvent();
    const aside = await screen.findByRole('complementary', { name: 'This event has been cancelled' });
    // In the viewer's clock (the tests run in UTC), its zone named.
    expect(within(aside).getByText(/Cancelled on/)).toHaveTextContent('Cancelled on Wed, 20 Feb 2030, 09:30 UTC.');
    expect(screen.getByText(/The speaker is ill/)).toHaveTextContent('The speaker is ill. A new date follows.');
    // Give the viewer's own answer (attending, with a join link) time to arrive: it must change nothing.
    await waitFor(() => expect(screen.queryByText('Loading your attendance')).not.toBeInTheDocument());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const page = document.body.textContent ?? '';
    expect(page).not.toMatch(/You're going|seats? left|Full|Add to calendar|Join online|join link/);
    expect(screen.queryByRole('link', { name: /Join online|Add to calendar/ })).toBeNull();
    expect(attendButtons()).toEqual([]);
  });
});

describe('EventDetailPage: attend rules', () => {
  it('one way to attend: attends directly with that location, and the count and seats left change', async () => {
    const api = fakeEventApi(anEvent());
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Attend' }));
    expect(await screen.findByText("You're going")).toBeInTheDocument();
    expect(queuedPickers()).toHaveLength(0);
    expect(api.bodies('PUT api/events/5/attendance')).toEqual([{ eventLocationId: 11 }]);
    expect(screen.getByText('5 attending')).toBeInTheDocument();
    expect(screen.getByText('15 seats left')).toBeInTheDocument();
  });

  it('several locations: the picker offers the in-person ones; Cancel changes nothing', async () => {
    const api = fakeEventApi(anEvent({ locations: [amsterdam, utrecht] }));
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Attend' }));
    await answerPicker([amsterdam, utrecht], null);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attend' })).toBeEnabled());
    expect(api.count('PUT api/events/5/attendance')).toBe(0);
    expect(screen.getByText('4 attending')).toBeInTheDocument();
  });

  it('several locations: Confirm attends at the chosen one', async () => {
    const api = fakeEventApi(anEvent({ locations: [amsterdam, utrecht] }));
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Attend' }));
    await answerPicker([amsterdam, utrecht], utrecht);
    expect(await screen.findByText("You're going")).toBeInTheDocument();
    expect(api.bodies('PUT api/events/5/attendance')).toEqual([{ eventLocationId: 12 }]);
    expect(screen.getByText('Utrecht, Domplein 2')).toBeInTheDocument();
  });

  it('hybrid: "Attend online" beside the in-person choice; online attends directly and shows the join link', async () => {
    const api = fakeEventApi(anEvent({ locations: [amsterdam, utrecht, online], format: 'hybrid' }));
    showEvent();
    await screen.findByRole('button', { name: 'Attend in person' });
    expect(attendButtons()).toEqual(['Attend in person', 'Attend online']);
    api.set({
      'GET api/events/5/me': {
        body: viewerOf({
          status: 'attending',
          eventLocationId: 13,
          joinLinks: [{ eventLocationId: 13, joinUrl: 'https://teams.test/j/1' }],
        }),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Attend online' }));
    expect(await screen.findByRole('link', { name: /Join online/ })).toHaveAttribute('href', 'https://teams.test/j/1');
    expect(queuedPickers()).toHaveLength(0);
    expect(api.bodies('PUT api/events/5/attendance')).toEqual([{ eventLocationId: 13 }]);
  });

  it('full with the waiting list off: a clear message and no attend button', async () => {
    fakeEventApi(anEvent({ seatsLeft: 0, attendeeCount: 20 }));
    showEvent();
    expect(await screen.findByText('This event is full')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(attendButtons()).toEqual([]);
  });

  it('full with the waiting list on: join it, see the position, leave it', async () => {
    const api = fakeEventApi(anEvent({ seatsLeft: 0, attendeeCount: 20, waitingListEnabled: true }));
    confirmMock.mockResolvedValueOnce(true);
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    expect(
      await screen.findByText('You are number 1 on the waiting list. When a seat frees, you get it and an e-mail.'),
    ).toBeInTheDocument();
    expect(api.count('PUT api/events/5/attendance')).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    expect(confirmMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Leave the waiting list?' }));
    expect(await screen.findByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    expect(api.count('DELETE api/events/5/attendance')).toBe(1);
  });

  it('a refusal shows the normalised message and what to do, and reads the event again', async () => {
    const api = fakeEventApi(anEvent(), viewerOf(), {
      'PUT api/events/5/attendance': {
        status: 409,
        body: { message: 'This event is full', details: ['There are no seats left'] },
      },
    });
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Attend' }));
    await waitFor(() =>
      expect(alertMock).toHaveBeenCalledWith({
        error: true,
        title: 'Could not attend this event',
        subtitle:
          'This event is full. There are no seats left. The page now shows the event as it is; choose again if you still can.',
      }),
    );
    await waitFor(() => expect(api.count('GET api/events/5')).toBe(2));
  });

  it('one request at a time: the button is disabled and says so while attending', async () => {
    const held = deferred<FakeAnswer>();
    const api = fakeEventApi(anEvent(), viewerOf(), { 'PUT api/events/5/attendance': () => held.promise });
    showEvent();
    const button = await screen.findByRole('button', { name: 'Attend' });
    await userEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Attending…' });
    // Unavailable but still focusable: the keyboard user keeps their place while it runs.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    expect(api.count('PUT api/events/5/attendance')).toBe(1);
    await act(async () => held.resolve({ body: { eventId: 5, status: 'attending', eventLocationId: 11 } }));
  });

  it('withdraw says "Withdrawing…" only after Yes, never behind the open confirmation; focus stays in the panel', async () => {
    const answer = deferred<boolean>();
    const held = deferred<FakeAnswer>();
    const api = fakeEventApi(anEvent(), viewerOf({ status: 'attending', eventLocationId: 11 }), {
      'DELETE api/events/5/attendance': () => held.promise,
    });
    showEvent();
    confirmMock.mockReturnValueOnce(answer.promise);
    const withdraw = await screen.findByRole('button', { name: 'Withdraw' });
    await userEvent.click(withdraw);
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Withdrawing…' })).toBeNull();
    expect(withdraw).not.toHaveAttribute('aria-disabled', 'true');
    await act(async () => answer.resolve(true));
    expect(await screen.findByRole('button', { name: 'Withdrawing…' })).toHaveFocus();
    api.set({ 'GET api/events/5/me': { body: viewerOf() } });
    await act(async () => held.resolve({ body: { eventId: 5, status: 'none', eventLocationId: null } }));
    // The Withdraw button is replaced by Attend: focus goes to it, not to the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attend' })).toHaveFocus());
  });

  it('withdraw asks first: No changes nothing, Yes withdraws', async () => {
    const api = fakeEventApi(anEvent(), viewerOf({ status: 'attending', eventLocationId: 11 }));
    showEvent();
    confirmMock.mockResolvedValueOnce(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    expect(api.count('DELETE api/events/5/attendance')).toBe(0);
    confirmMock.mockResolvedValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Attend' })).toBeInTheDocument();
    expect(api.count('DELETE api/events/5/attendance')).toBe(1);
  });
});

describe('EventDetailPage: anonymous visitor', () => {
  it('Attend sends them to log in, remembering this page and the choice; no API call about them', async () => {
    const api = fakeEventApi(anEvent({ locations: [amsterdam, utrecht] }));
    const { router } = showEvent({ user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Attend' }));
    expect(router.pathname).toBe('/account/login');
    expect(localStorage.getItem(lastVisitedKey)).toBe('/events/5');
    expect(JSON.parse(sessionStorage.getItem('hub.pendingAttend') ?? '{}')).toMatchObject({
      eventId: 5,
      choice: 'inPerson',
    });
    expect(api.count('GET api/events/5/me')).toBe(0);
    expect(queuedPickers()).toHaveLength(0);
  });

  it('back from the login, the attendance is finished (the picker opens when there are several places)', async () => {
    const api = fakeEventApi(anEvent({ locations: [amsterdam, utrecht] }));
    rememberPendingAttend(5, 'inPerson');
    showEvent();
    await answerPicker([amsterdam, utrecht], amsterdam);
    expect(await screen.findByText("You're going")).toBeInTheDocument();
    expect(api.bodies('PUT api/events/5/attendance')).toEqual([{ eventLocationId: 11 }]);
    expect(sessionStorage.getItem('hub.pendingAttend')).toBeNull();
  });

  it('back from the login already attending: nothing more is sent', async () => {
    const api = fakeEventApi(anEvent(), viewerOf({ status: 'attending', eventLocationId: 11 }));
    rememberPendingAttend(5, 'only');
    showEvent();
    expect(await screen.findByText("You're going")).toBeInTheDocument();
    expect(api.count('PUT api/events/5/attendance')).toBe(0);
  });
});

describe('EventDetailPage: managers', () => {
  const attendees: Attendee[] = [
    {
      id: 1,
      firstName: 'Ext',
      lastName: 'Ernal',
      email: 'external@hub.test',
      status: 'attending',
      eventLocationId: 11,
      cityName: 'Amsterdam',
    },
    {
      id: 2,
      firstName: 'Wai',
      lastName: 'Ting',
      email: 'waiting@hub.test',
      status: 'waiting',
      eventLocationId: null,
      cityName: null,
    },
  ];

  it('a core member sees Edit, Attendees and check-in, Copy event, Cancel event and the attendee list; others do not', async () => {
    fakeEventApi(anEvent(), viewerOf({ canManage: true }), { 'GET api/events/5/attendees': { body: attendees } });
    showEvent();
    // The organisers' panel is a lazy chunk, after the viewer's own view: slow on a busy machine.
    expect(await screen.findByRole('link', { name: 'Edit' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/event-form/edit/5',
    );
    expect(screen.getByRole('link', { name: 'Attendees and check-in' })).toHaveAttribute('href', '/manage?event=5');
    expect(screen.getByRole('link', { name: 'Copy event' })).toHaveAttribute('href', '/event-form?copy=5');
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Attendees' }, { timeout: 10_000 });
    expect(within(table).getByText('external@hub.test')).toBeInTheDocument();
    expect(within(table).getByText('Waiting')).toBeInTheDocument();
  });

  it('a visitor who may not manage sees none of it', async () => {
    const api = fakeEventApi(anEvent());
    showEvent();
    await screen.findByRole('button', { name: 'Attend' });
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Attendees and check-in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Copy event' })).toBeNull();
    expect(api.count('GET api/events/5/attendees')).toBe(0);
  });

  it('Cancel event sends the note, says "Cancelling…" only after Yes, and then shows when and the note', async () => {
    let cancelled: EventDetail | null = null;
    const answer = deferred<boolean>();
    const api = fakeEventApi(anEvent(), viewerOf({ canManage: true }), {
      'GET api/events/5/attendees': { body: attendees },
      'GET api/events/5': () => ({ body: cancelled ?? anEvent() }),
      'POST api/events/5/cancel': ({ body }) => {
        cancelled = anEvent({
          cancelled: true,
          cancelledAt: '2030-02-20T09:30:00.000Z',
          cancellationNote: (body as { note?: string }).note ?? null,
        });
        return { body: cancelled };
      },
    });
    confirmMock.mockReturnValueOnce(answer.promise);
    showEvent();
    const note = await screen.findByRole('textbox', { name: /Note for attendees/ }, { timeout: 10_000 });
    await userEvent.type(note, '  The speaker is ill.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Cancelling…')).toBeNull();
    await act(async () => answer.resolve(true));
    expect(await screen.findByText('This event has been cancelled')).toBeInTheDocument();
    expect(api.bodies('POST api/events/5/cancel')).toEqual([{ note: 'The speaker is ill.' }]);
    expect(await screen.findByText('The speaker is ill.')).toBeInTheDocument();
    expect(screen.getByText(/Cancelled on/)).toBeInTheDocument();
  });

  it('Cancel event refuses a note the API would refuse, on the field, without asking', async () => {
    const api = fakeEventApi(anEvent(), viewerOf({ canManage: true }), {
      'GET api/events/5/attendees': { body: attendees },
    });
    showEvent();
    const note = await screen.findByRole('textbox', { name: /Note for attendees/ }, { timeout: 10_000 });
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText(/at most 1000 characters/)).toBeInTheDocument();
    expect(confirmMock).not.toHaveBeenCalled();
    expect(api.count('POST api/events/5/cancel')).toBe(0);
  });

  it('Cancel event confirms that attendees will be told, then the page shows it cancelled', async () => {
    let cancelled = false;
    const api = fakeEventApi(anEvent(), viewerOf({ canManage: true }), {
      'GET api/events/5/attendees': { body: attendees },
      'GET api/events/5': () => ({ body: anEvent({ cancelled }) }),
      'POST api/events/5/cancel': () => {
        cancelled = true;
        return { body: anEvent({ cancelled: true }) };
      },
    });
    confirmMock.mockResolvedValueOnce(true);
    showEvent();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel event' }, { timeout: 10_000 }));
    expect(confirmMock).toHaveBeenCalledWith(
      expect.objectContaining({ subtitle: expect.stringContaining('will be told by e-mail') }),
    );
    expect(await screen.findByText('This event has been cancelled')).toBeInTheDocument();
    expect(api.count('POST api/events/5/cancel')).toBe(1);
  });
});

describe("EventDetailPage: Who's going (issue 28)", () => {
  it('names those who agreed for a signed-in viewer: "Anna, Ben and 23 others are going"', async () => {
    const api = fakeEventApi(anEvent(), viewerOf(), {
      'GET api/events/5/whos-going': { body: { eventId: 5, names: ['Anna', 'Ben'], others: 23 } },
    });
    showEvent();
    expect(await screen.findByText('Anna, Ben and 23 others are going')).toBeInTheDocument();
    expect(api.count('GET api/events/5/whos-going')).toBe(1);
    // Not attending: nothing to choose.
    expect(screen.queryByRole('switch')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('asks nothing and names nobody for an anonymous visitor', async () => {
    const api = fakeEventApi(anEvent(), viewerOf(), {
      'GET api/events/5/whos-going': { body: { eventId: 5, names: ['Anna'], others: 3 } },
    });
    showEvent({ user: null });
    await screen.findByRole('heading', { level: 1, name: 'Java meetup' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.count('GET api/events/5/whos-going')).toBe(0);
    expect(screen.queryByText(/Anna/)).toBeNull();
  });

  it('says nothing without a name (the count is already on the page)', async () => {
    fakeEventApi(anEvent(), viewerOf(), {
      'GET api/events/5/whos-going': { body: { eventId: 5, names: [], others: 4 } },
    });
    const { container } = showEvent();
    await screen.findByRole('heading', { level: 1, name: 'Java meetup' });
    await waitFor(() => expect(screen.queryByText('Loading your attendance')).not.toBeInTheDocument());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(container.querySelector('[data-whos-going]')).toBeNull();
  });

  it('an attendee switches "Show me in Who\'s going" for this event, and the line is read again', async () => {
    let shown = false;
    const api = fakeEventApi(anEvent(), viewerOf({ status: 'attending', eventLocationId: 11 }), {
      'GET api/events/5/whos-going': () => ({
        body: { eventId: 5, names: shown ? ['Ben', 'Jane'] : ['Ben'], others: shown ? 2 : 3 },
      }),
      'PUT api/events/5/attendance/whos-going': ({ body }) => {
        shown = (body as { shown: boolean }).shown;
        return { body: { eventId: 5, shown } };
      },
    });
    showEvent();
    const toggle = await screen.findByRole('switch', { name: "Show me in Who's going" });
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Ben and 3 others are going')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByText('Ben, Jane and 2 others are going')).toBeInTheDocument();
    expect(api.bodies('PUT api/events/5/attendance/whos-going')).toEqual([{ shown: true }]);
    expect(screen.getByRole('switch', { name: "Show me in Who's going" })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Your default for new events: My account' })).toHaveAttribute(
      'href',
      '/my-account',
    );
  });

  it('says so when the choice could not be saved, and the switch stays as stored', async () => {
    fakeEventApi(anEvent(), viewerOf({ status: 'waiting', waitingListPosition: 2 }), {
      'PUT api/events/5/attendance/whos-going': { status: 500, body: { message: 'Database unavailable', details: [] } },
    });
    showEvent();
    const toggle = await screen.findByRole('switch', { name: "Show me in Who's going" });
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not save your choice: .*Database unavailable/);
    expect(screen.getByRole('switch', { name: "Show me in Who's going" })).not.toBeChecked();
  });
});
