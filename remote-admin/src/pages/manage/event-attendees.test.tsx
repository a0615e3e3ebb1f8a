import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { renderPage } from '@hub/ui/testing/render-page';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { anAttendeeList, attendees, coreUserElsewhere, leadUser } from '../../testing/manage-data';
import ManagePage from './manage-page';

jest.setTimeout(30_000);
withSignedInApi();

const listRoute = 'GET api/manage/events/7/attendees';
const checkInRoute = (userId: number) => `PUT api/events/7/attendees/${userId}/check-in`;
const checkedIn = (userId: number, count: number): FakeAnswer => ({
  body: { eventId: 7, userId, checkedInAt: '2030-03-01T17:05:00.000Z', checkedIn: count, attending: 3 },
});

function showEvent(url = '/manage?event=7', user = leadUser) {
  return renderPage(<ManagePage />, { url, pattern: '/manage', user });
}
const grid = () => screen.getByRole('grid', { name: 'Attendees of Kubernetes meetup' });
const rowNames = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

afterEach(() => {
  // The phone test replaces matchMedia.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('ManagePage, one event (?event=7)', () => {
  it('shows a skeleton, then the count, the figures and the attendee grid', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ [listRoute]: () => answer.promise });
    const { container } = showEvent();
    expect(screen.getByRole('progressbar', { name: 'Loading the attendees' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: anAttendeeList() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Kubernetes meetup' })).toBeInTheDocument();
    expect(document.title).toBe('Attendees of Kubernetes meetup · Community Hub');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 checked in');
    const figures = screen.getByLabelText('Attendance');
    expect(figures).toHaveTextContent('Waiting list1');
    expect(figures).toHaveTextContent('Capacity50');
    expect(screen.getByRole('link', { name: 'All your communities' })).toHaveAttribute('href', '/manage');

    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'E-mail', 'Location', 'Status', 'Registered', 'Checked in']);
    expect(rowNames()).toEqual(['Ada Lovelace', 'Zoë Ångström', 'Bob Online', 'Wendy Waiting']);
    const zoe = within(grid()).getAllByRole('row')[2]!;
    expect(zoe).toHaveTextContent('zoe@hub.test');
    expect(zoe).toHaveTextContent('Amsterdam');
    expect(within(zoe).getByRole('switch', { name: 'Zoë Ångström checked in' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Wendy Waiting checked in' })).toBeDisabled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('checks an attendee in with one click: the switch and the count move at once, then the answer is kept', async () => {
    const held = deferred<FakeAnswer>();
    const api = fakeApi({ [listRoute]: { body: anAttendeeList() }, [checkInRoute(11)]: () => held.promise });
    showEvent();
    const ada = await screen.findByRole('switch', { name: 'Ada Lovelace checked in' });
    await userEvent.click(ada);
    expect(ada).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 checked in');
    await act(async () => held.resolve(checkedIn(11, 2)));
    expect(api.count(checkInRoute(11))).toBe(1);
    expect(await within(grid()).findByText('1 Mar, 17:05 UTC')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 checked in');
  });

  it('takes a check-in back with the keyboard (Space on the focused switch)', async () => {
    const api = fakeApi({
      [listRoute]: { body: anAttendeeList() },
      'DELETE api/events/7/attendees/12/check-in': {
        body: { eventId: 7, userId: 12, checkedInAt: null, checkedIn: 0, attending: 3 },
      },
    });
    showEvent();
    const zoe = await screen.findByRole('switch', { name: 'Zoë Ångström checked in' });
    zoe.focus();
    await userEvent.keyboard(' ');
    expect(zoe).not.toBeChecked();
    expect(await screen.findByText('0 of 3 checked in')).toBeInTheDocument();
    expect(api.count('DELETE api/events/7/attendees/12/check-in')).toBe(1);
  });

  it('puts the switch and the count back and says why when the check-in fails', async () => {
    fakeApi({
      [listRoute]: { body: anAttendeeList() },
      [checkInRoute(11)]: { status: 409, body: { message: 'The event is cancelled', details: [] } },
    });
    showEvent();
    const ada = await screen.findByRole('switch', { name: 'Ada Lovelace checked in' });
    await userEvent.click(ada);
    expect(await screen.findByText('Could not check in Ada Lovelace')).toBeInTheDocument();
    expect(screen.getAllByText('The event is cancelled. The switch shows what is saved; try again.')[0]).toBeVisible();
    expect(ada).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 checked in');
  });

  it('searches by name and filters by location and status, in the address, with a way back to everyone', async () => {
    fakeApi({ [listRoute]: { body: anAttendeeList() } });
    const { router } = showEvent();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search by name' }), 'zoe');
    expect(rowNames()).toEqual(['Zoë Ångström']);
    expect(screen.getByText('Showing 1 of 4 registrations')).toBeInTheDocument();
    expect(router.current).toBe('/manage?event=7&q=zoe');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Utrecht');
    expect(rowNames()).toEqual(['Ada Lovelace', 'Wendy Waiting']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Waiting list');
    expect(rowNames()).toEqual(['Wendy Waiting']);
    expect(router.current).toBe('/manage?event=7&location=Utrecht&status=waiting');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Checked in');
    expect(screen.getByText('No attendee matches these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rowNames()).toHaveLength(4);
    expect(router.current).toBe('/manage?event=7');
  });

  it('opens with the filters and the sort of the address (a reload keeps them), and sorts by a header', async () => {
    fakeApi({ [listRoute]: { body: anAttendeeList() } });
    const { router } = showEvent('/manage?event=7&status=attending&sort=-name');
    await screen.findByRole('grid');
    expect(rowNames()).toEqual(['Zoë Ångström', 'Bob Online', 'Ada Lovelace']);
    await userEvent.click(within(grid()).getByRole('button', { name: /Registered/ }));
    expect(router.current).toBe('/manage?event=7&status=attending&sort=registeredAt');
    expect(rowNames()).toEqual(['Ada Lovelace', 'Zoë Ångström', 'Bob Online']);
    await userEvent.click(within(grid()).getByRole('button', { name: /Registered/ }));
    expect(router.current).toBe('/manage?event=7&status=attending&sort=-registeredAt');
    expect(rowNames()).toEqual(['Bob Online', 'Zoë Ångström', 'Ada Lovelace']);
  });

  it('exports every attendee as CSV with the BOM, whatever the filters, once the export is recorded', async () => {
    const api = fakeApi({
      [listRoute]: { body: anAttendeeList() },
      'POST api/manage/events/7/attendees/exports': { status: 204 },
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:attendees';
      }),
      revokeObjectURL: jest.fn(),
    });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    showEvent('/manage?event=7&q=ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Export all as CSV' }));
    expect(saved).toEqual(['kubernetes-meetup-2030-03-01-attendees.csv']);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]!.arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,E-mail,Location,Status,Registered (UTC),Checked in (UTC)');
    expect(lines.filter(Boolean)).toHaveLength(attendees.length + 1);
    expect(api.count('POST api/manage/events/7/attendees/exports')).toBe(1);
  });

  it('saves no file when the export cannot be recorded (issue 28), and says so', async () => {
    fakeApi({
      [listRoute]: { body: anAttendeeList() },
      'POST api/manage/events/7/attendees/exports': {
        status: 503,
        body: { message: 'Service unavailable', details: [] },
      },
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    showEvent('/manage?event=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Export all as CSV' }));
    expect(await screen.findByText('Could not export the attendees')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('shows names only, without an E-mail column, when the API gives no addresses', async () => {
    fakeApi({ [listRoute]: { body: anAttendeeList({ items: attendees.map((a) => ({ ...a, email: '' })) }) } });
    showEvent();
    await screen.findByRole('grid');
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('E-mail');
  });

  it('becomes a list of large rows on a phone, each row the check-in switch', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query === '(max-width: 599px)',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    const api = fakeApi({ [listRoute]: { body: anAttendeeList() }, [checkInRoute(13)]: checkedIn(13, 2) });
    const { container } = showEvent();
    const list = await screen.findByRole('list', { name: 'Attendees of Kubernetes meetup' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(list).getByText('Bob Online'));
    expect(within(list).getByRole('switch', { name: /Bob Online/ })).toBeChecked();
    expect(await screen.findByText('2 of 3 checked in')).toBeInTheDocument();
    expect(api.count(checkInRoute(13))).toBe(1);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says when nobody has registered yet', async () => {
    fakeApi({ [listRoute]: { body: anAttendeeList({ items: [] }) } });
    showEvent();
    expect(await screen.findByText('Nobody has registered yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the event page' })).toHaveAttribute('href', '/events/7');
  });

  it('tells a core member of another community that the list is not theirs to see (API 403)', async () => {
    fakeApi({ [listRoute]: { status: 403, body: { message: 'Not allowed', details: [] } } });
    showEvent('/manage?event=7', coreUserElsewhere);
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendees not available' })).toBeInTheDocument();
    expect(screen.getByText('You cannot see who attends this event')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it.each(['/manage?event=999', '/manage?event=abc'])('says an unknown event (%s) does not exist', async (url) => {
    fakeApi({
      'GET api/manage/events/999/attendees': { status: 404, body: { message: 'Event not found', details: [] } },
    });
    showEvent(url);
    expect(await screen.findByText('This event does not exist')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    const api = fakeApi({ [listRoute]: new Error('offline') });
    showEvent();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the attendees');
    api.set({ [listRoute]: { body: anAttendeeList() } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });
});
