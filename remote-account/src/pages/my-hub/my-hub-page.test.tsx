import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityBaseId, Permission, refreshUserInfo, showConfirm, type CommunityDetail } from '@hub/shared';
import { anEvent, anEventPage } from '@hub/ui/testing/demo-events';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import MyHubPage, { myCommunities } from './my-hub-page';

jest.setTimeout(20_000);
withSignedInApi();

// Retry re-reads the user info; it stays pending so the screen keeps showing what it has.
beforeEach(() => jest.mocked(refreshUserInfo).mockReturnValue(new Promise(() => undefined)));

const community = (id: number, name: string, communityBaseId: number = CommunityBaseId.Community): CommunityDetail => ({
  id,
  name,
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId,
  memberCount: 10,
  coreMembers: [],
  upcomingEventCount: 0,
  nextEvent: null,
});

const lead = aUser({
  permissions: [Permission.CoreMemberAccess, Permission.UserAccess],
  coreMemberOfCommunities: [
    { communityId: 7, responsibleForCommunity: true },
    { communityId: 8, responsibleForCommunity: false },
  ],
  memberOfCommunities: [{ communityId: 7 }, { communityId: 9 }],
  attendingEvents: [
    { eventId: 21, eventLocationId: null, status: 'attending' },
    { eventId: 20, eventLocationId: null, status: 'attending' },
  ],
});

/** GET api/user/calendar-feed: the address itself is never read back (the API keeps only its hash). */
const feed = { active: true, createdAt: '2026-03-02T10:00:00.000Z' };

const api = {
  'GET api/community/7': { body: community(7, 'Java Guild') },
  'GET api/community/8': { body: community(8, 'Women in Tech', CommunityBaseId.Network) },
  'GET api/community/9': { body: community(9, 'Cloud Native') },
  'GET api/user/events?when=upcoming&pageSize=100': {
    body: anEventPage([anEvent({ id: 20, title: 'Spring into Java' })]),
  },
  'GET api/user/events?when=past&pageSize=6': {
    // As the API files them: a cancelled event under past, even when it was still to come.
    body: anEventPage(
      [
        anEvent({
          id: 21,
          title: 'Kotlin night',
          startsAt: '2099-04-01T17:00:00Z',
          endsAt: '2099-04-01T19:00:00Z',
          cancelled: true,
        }),
        anEvent({ id: 5, title: 'Old meet-up', startsAt: '2020-01-01T17:00:00Z', endsAt: '2020-01-01T19:00:00Z' }),
      ],
      {
        total: 7,
        pageSize: 6,
      },
    ),
  },
  'GET api/user/calendar-feed': { body: feed },
};

const api0 = () => ({ ...api });

describe('MyHubPage: a cancelled event', () => {
  it('is never listed as upcoming, even from an answer kept from before it was cancelled', async () => {
    fakeApi({
      ...api,
      'GET api/user/events?when=upcoming&pageSize=100': {
        body: anEventPage([
          anEvent({ id: 20, title: 'Spring into Java' }),
          anEvent({ id: 21, title: 'Kotlin night', cancelled: true }),
        ]),
      },
    });
    renderPage(<MyHubPage />, { user: lead });
    const events = await screen.findByRole('list', { name: 'Upcoming events I attend' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => within(li).getByRole('link').textContent),
    ).toEqual(['Spring into Java']);
  });
});

describe('myCommunities', () => {
  it('lists each community once, core memberships first, with the lead marked', () => {
    expect(myCommunities(lead)).toEqual([
      { id: 7, coreMember: true, lead: true },
      { id: 8, coreMember: true, lead: false },
      { id: 9, coreMember: false, lead: false },
    ]);
  });
});

describe('MyHubPage', () => {
  it('shows skeletons while loading', () => {
    fakeApi({ 'GET api/community/7': () => new Promise<FakeAnswer>(() => undefined) });
    renderPage(<MyHubPage />, { user: aUser({ memberOfCommunities: [{ communityId: 7 }] }) });
    expect(screen.getByRole('heading', { level: 1, name: 'My Community Hub' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your communities')).toBeInTheDocument();
  });

  it('shows skeletons while the session is still loading', () => {
    fakeApi({});
    renderPage(<MyHubPage />, { status: 'loading' });
    expect(screen.getByLabelText('Loading your communities')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your events')).toBeInTheDocument();
  });

  it('lists the communities with their roles and the events by date, linked, without serious accessibility violations', async () => {
    fakeApi(api);
    const { container } = renderPage(<MyHubPage />, { user: lead });
    const communities = await screen.findByRole('list', { name: 'My communities and networks' });
    const items = within(communities).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Java Guild',
      'Women in Tech',
      'Cloud Native',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/community/7');
    expect(items[0]).toHaveTextContent('Lead');
    expect(items[0]).toHaveTextContent('Core member');
    expect(items[1]).not.toHaveTextContent('Lead');
    expect(items[1]).toHaveTextContent('Network');
    expect(items[2]).toHaveTextContent('Member');

    const events = await screen.findByRole('list', { name: 'Upcoming events I attend' });
    const eventItems = within(events).getAllByRole('listitem');
    expect(eventItems.map((li) => within(li).getByRole('link').textContent)).toEqual(['Spring into Java']);
    expect(within(eventItems[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/events/20');
    const past = screen.getByRole('list', { name: 'Past events I attend' });
    const [cancelled, old] = within(past).getAllByRole('listitem');
    // Attended, but cancelled: nothing on it says the user is going or went.
    expect(cancelled).toHaveTextContent('Kotlin night');
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).not.toHaveTextContent(/You're going|You attended|Past|seats? left/);
    expect(within(past).getByRole('link', { name: 'Old meet-up' })).toHaveAttribute('href', '/events/5');
    expect(old).toHaveTextContent('Past');
    expect(await screen.findByText(/You created your calendar address on Mon, 2 Mar 2026\./)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed address' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says when the user details could not be loaded, and loads them again on request', async () => {
    fakeApi({});
    renderPage(<MyHubPage />, { status: 'loggedIn' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your details could not be loaded');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry loading your details' }));
    expect(jest.mocked(refreshUserInfo)).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Loading your communities')).toBeInTheDocument();
  });

  it('shows empty states with somewhere to go', async () => {
    const api = fakeApi({
      'GET api/user/events': { body: anEventPage([]) },
      'GET api/user/calendar-feed': { body: feed },
    });
    const { container } = renderPage(<MyHubPage />, { user: aUser() });
    expect(await screen.findByText('You have not joined any community or network yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a community' })).toHaveAttribute('href', '/communities');
    expect(await screen.findByText('You are not attending any upcoming events.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events/event-list');
    expect(screen.getByText('No past events yet.')).toBeInTheDocument();
    // Nothing asked about communities the user is not in.
    expect(api.count('GET api/community')).toBe(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('keeps what loaded, says what did not, and retries', async () => {
    let failing = true;
    fakeApi({
      ...api,
      'GET api/community/8': async () =>
        failing
          ? { status: 500, body: { message: 'Database unavailable', details: [] } }
          : { body: community(8, 'Women in Tech', CommunityBaseId.Network) },
      'GET api/user/events?when=upcoming&pageSize=100': new TypeError('Failed to fetch'),
    });
    renderPage(<MyHubPage />, { user: lead });
    const communities = await screen.findByRole('list', { name: 'My communities and networks' });
    expect(within(communities).getByRole('link', { name: 'Community 8' })).toHaveAttribute('href', '/community/8');
    expect(within(communities).getByRole('link', { name: 'Java Guild' })).toBeInTheDocument();
    expect(screen.getByText('One of your communities could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('Your upcoming events could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No network connection.')).toBeInTheDocument();
    // The past events still show.
    expect(await screen.findByRole('link', { name: 'Old meet-up' })).toBeInTheDocument();

    failing = false;
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Retry loading your communities' }));
    await waitFor(() =>
      expect(screen.queryByText('One of your communities could not be loaded')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Women in Tech' })).toBeInTheDocument();
  });

  it('shows more past events on request, keeping the ones shown', async () => {
    const api = fakeApi({
      ...api0(),
      'GET api/user/events?when=past&pageSize=12': {
        body: anEventPage(
          [
            anEvent({ id: 5, title: 'Old meet-up', endsAt: '2020-01-01T19:00:00Z' }),
            anEvent({ id: 4, title: 'Older meet-up', endsAt: '2019-01-01T19:00:00Z' }),
          ],
          { total: 7, pageSize: 12 },
        ),
      },
    });
    renderPage(<MyHubPage />, { user: lead });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Show more past events' }));
    expect(await screen.findByRole('link', { name: 'Older meet-up' })).toBeInTheDocument();
    expect(api.count('GET api/user/events?when=past&pageSize=12')).toBe(1);
  });

  it('makes a first calendar address at once, shows it once with Copy and Subscribe, and says it will not be shown again', async () => {
    const made = {
      url: 'https://api.test/api/calendar/first.ics',
      webcalUrl: 'webcal://api.test/api/calendar/first.ics',
      createdAt: '2026-03-05T09:00:00.000Z',
    };
    const api = fakeApi({
      ...api0(),
      'GET api/user/calendar-feed': { body: { active: false, createdAt: null } },
      'POST api/user/calendar-feed': { body: made },
    });
    const { container } = renderPage(<MyHubPage />, { user: lead });
    const clicker = userEvent.setup({ delay: null });
    expect(await screen.findByText('You have no calendar address yet.')).toBeInTheDocument();
    await clicker.click(screen.getByRole('button', { name: 'Create my calendar address' }));
    expect(showConfirm).not.toHaveBeenCalled();
    expect(await screen.findByRole('textbox', { name: 'Calendar feed address' })).toHaveValue(made.url);
    expect(screen.getByRole('link', { name: /Subscribe/ })).toHaveAttribute('href', made.webcalUrl);
    expect(screen.getByText('Copy this address now: it is shown only this once.')).toBeInTheDocument();
    expect(await screen.findByText('Calendar address created')).toBeInTheDocument();
    // userEvent puts its own clipboard on navigator: watch that one.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await clicker.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(made.url);
    expect(await screen.findByText('Calendar address copied')).toBeInTheDocument();
    expect(api.count('POST api/user/calendar-feed')).toBe(1);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('makes a new address only after a confirm that says the old one stops working, and says so again', async () => {
    const fresh = {
      url: 'https://api.test/api/calendar/fresh.ics',
      webcalUrl: 'webcal://api.test/api/calendar/fresh.ics',
      createdAt: '2026-03-06T09:00:00.000Z',
    };
    const api = fakeApi({ ...api0(), 'POST api/user/calendar-feed': { body: fresh } });
    renderPage(<MyHubPage />, { user: lead });
    const clicker = userEvent.setup({ delay: null });

    jest.mocked(showConfirm).mockResolvedValueOnce(false);
    await clicker.click(await screen.findByRole('button', { name: 'Create a new address' }));
    expect(showConfirm).toHaveBeenCalledWith({
      title: 'Create a new calendar address?',
      subtitle:
        'The old address stops working: calendars subscribed to it stop receiving your events until you subscribe with the new one.',
    });
    expect(api.count('POST api/user/calendar-feed')).toBe(0);

    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await clicker.click(screen.getByRole('button', { name: 'Create a new address' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toHaveValue(fresh.url));
    expect(screen.getByRole('link', { name: /Subscribe/ })).toHaveAttribute('href', fresh.webcalUrl);
    expect(await screen.findByText('New calendar address created')).toBeInTheDocument();
    expect(screen.getByText('The old address no longer works: subscribe again with the new one.')).toBeInTheDocument();
    expect(api.count('POST api/user/calendar-feed')).toBe(1);
    expect(api.count('GET api/user/calendar-feed')).toBe(1);
  });

  it('says what to do when a new address could not be made', async () => {
    fakeApi({
      ...api0(),
      'POST api/user/calendar-feed': { status: 500, body: { message: 'Feed store down', details: [] } },
    });
    renderPage(<MyHubPage />, { user: lead });
    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Create a new address' }));
    expect(await screen.findByText('Could not create a calendar address')).toBeInTheDocument();
    expect(screen.getByText('Feed store down Try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed address' })).not.toBeInTheDocument();
  });

  it('says when the calendar feed could not be loaded, and retries', async () => {
    const api = fakeApi({
      ...api0(),
      'GET api/user/calendar-feed': { status: 500, body: { message: 'Feed store down', details: [] } },
    });
    renderPage(<MyHubPage />, { user: lead });
    expect(await screen.findByText('Your calendar feed could not be loaded')).toBeInTheDocument();
    api.set({ 'GET api/user/calendar-feed': { body: feed } });
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Retry loading your calendar feed' }));
    expect(await screen.findByRole('button', { name: 'Create a new address' })).toBeInTheDocument();
  });
});
