import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { renderPage } from '@hub/ui/testing/render-page';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { aCommunity, adminUser, anEvent, leadUser } from '../../testing/manage-data';
import ManagePage from './manage-page';

jest.setTimeout(30_000);
withSignedInApi();

const page = (items = [aCommunity()], total = items.length, p = 1) => ({
  body: { items, total, page: p, pageSize: 20 },
});
const firstPage = 'GET api/manage/communities?page=1&pageSize=20';

function showManage(user = leadUser, url = '/manage') {
  return renderPage(<ManagePage />, { url, pattern: '/manage', user });
}

describe('ManagePage overview', () => {
  it('shows a skeleton while loading, then the communities with the lead marked, their events and links', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ [firstPage]: () => answer.promise });
    const { container } = showManage();
    expect(screen.getByRole('progressbar', { name: 'Loading your communities' })).toBeInTheDocument();
    await act(async () => answer.resolve(page()));

    const community = await screen.findByRole('region', { name: 'Cloud Native Guild' });
    expect(document.title).toBe('Manage · Community Hub');
    expect(within(community).getByText('Lead')).toBeInTheDocument();
    expect(within(community).getByText('Community · Netherlands')).toBeInTheDocument();
    expect(within(community).getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event-form/1');
    expect(within(community).getByRole('link', { name: 'Edit community Cloud Native Guild' })).toHaveAttribute(
      'href',
      '/community-form/edit/1',
    );
    expect(within(community).getByRole('link', { name: 'Core members of Cloud Native Guild' })).toHaveAttribute(
      'href',
      '/community-form/edit/1#core-member-management-title',
    );

    const upcoming = within(community).getByRole('list', { name: 'Upcoming events of Cloud Native Guild' });
    expect(within(upcoming).getByRole('link', { name: 'Kubernetes meetup: attendees and check-in' })).toHaveAttribute(
      'href',
      '/manage?event=7',
    );
    expect(within(upcoming).getByText('32 attending · 3 waiting · capacity 50')).toBeInTheDocument();
    expect(within(upcoming).getByText('Fri, 1 Mar 2030, 17:00 UTC')).toBeInTheDocument();
    const past = within(community).getByRole('list', { name: 'Past events of Cloud Native Guild' });
    expect(within(past).getByText('20 attending · 0 waiting · no limit · 18 checked in')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows a cancelled event as cancelled: no capacity or seats, only who had registered', async () => {
    fakeApi({
      [firstPage]: page([
        aCommunity({
          pastEvents: [
            anEvent({ id: 9, title: 'Called off', cancelled: true, attending: 4, waiting: 0, capacity: 30 }),
          ],
        }),
      ]),
    });
    showManage();
    const community = await screen.findByRole('region', { name: 'Cloud Native Guild' });
    const past = within(community).getByRole('list', { name: 'Past events of Cloud Native Guild' });
    const row = within(past).getByRole('link', { name: 'Called off: attendees and check-in' }).closest('li')!;
    expect(row).toHaveTextContent('Cancelled');
    expect(row).toHaveTextContent('Cancelled · 4 were attending');
    expect(row).not.toHaveTextContent(/capacity|checked in|no limit/);
  });

  it('marks a plain core member, hides core-member management from them, and says when not all events are shown', async () => {
    fakeApi({
      [firstPage]: page([aCommunity({ lead: false, canManageCoreMembers: false, upcomingEventCount: 14 })]),
    });
    showManage();
    const community = await screen.findByRole('region', { name: 'Cloud Native Guild' });
    expect(within(community).getByText('Core member')).toBeInTheDocument();
    expect(within(community).queryByRole('link', { name: /Core members of/ })).not.toBeInTheDocument();
    expect(within(community).getByText('The next 1 of 14 are shown.')).toBeInTheDocument();
  });

  it('shows all of a column on request, asking the API for them only then', async () => {
    const allRoute = 'GET api/manage/communities/1/events?when=upcoming&page=1&pageSize=100';
    const more = Array.from({ length: 14 }, (_, i) => anEvent({ id: 100 + i, title: `Meetup ${i + 1}` }));
    const api = fakeApi({
      [firstPage]: page([aCommunity({ upcomingEventCount: 14 })]),
      [allRoute]: { body: { items: more, total: 14, page: 1, pageSize: 100 } },
    });
    showManage();
    const community = await screen.findByRole('region', { name: 'Cloud Native Guild' });
    expect(api.count(allRoute)).toBe(0);
    await userEvent.click(
      within(community).getByRole('button', { name: 'Show all 14 upcoming events of Cloud Native Guild' }),
    );
    const upcoming = within(community).getByRole('list', { name: 'Upcoming events of Cloud Native Guild' });
    expect(
      await within(upcoming).findByRole('link', { name: 'Meetup 14: attendees and check-in' }),
    ).toBeInTheDocument();
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(14);
    expect(within(community).queryByText(/are shown/)).not.toBeInTheDocument();
  });

  it('offers a community without events a clear way to create the first one', async () => {
    fakeApi({
      [firstPage]: page([aCommunity({ upcomingEventCount: 0, pastEventCount: 0, upcomingEvents: [], pastEvents: [] })]),
    });
    showManage();
    const community = await screen.findByRole('region', { name: 'Cloud Native Guild' });
    expect(within(community).getByText('No events yet')).toBeInTheDocument();
    expect(within(community).getByRole('link', { name: 'Create the first event' })).toHaveAttribute(
      'href',
      '/event-form/1',
    );
  });

  it('says so when the user runs no community', async () => {
    fakeApi({ [firstPage]: page([]) });
    showManage();
    expect(await screen.findByText('You are not a core member of any community yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse communities' })).toHaveAttribute('href', '/communities');
  });

  it('shows a failure with Retry, and Retry loads again', async () => {
    const api = fakeApi({ [firstPage]: { status: 500, body: { message: 'Database unavailable', details: [] } } });
    showManage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your communities');
    expect(alert).toHaveTextContent('Database unavailable');
    api.set({ [firstPage]: page() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Cloud Native Guild' })).toBeInTheDocument();
    expect(api.count(firstPage)).toBe(2);
  });

  it('lets an admin search every community and turn pages, keeping both in the address', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      aCommunity({ id: i + 1, name: `Community ${i + 1}`, coreMember: false, lead: false }),
    );
    const api = fakeApi({
      [firstPage]: page(many, 21),
      'GET api/manage/communities?page=2&pageSize=20': page([aCommunity({ id: 21, name: 'Last one' })], 21, 2),
      'GET api/manage/communities?page=1&pageSize=20&q=cloud': page([aCommunity()]),
    });
    const { router } = showManage(adminUser);
    expect(await screen.findByRole('region', { name: 'Community 1' })).toHaveTextContent('Admin access');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('region', { name: 'Last one' })).toBeInTheDocument();
    expect(router.current).toBe('/manage?page=2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a community or network' }), 'cloud');
    expect(await screen.findByRole('region', { name: 'Cloud Native Guild' })).toBeInTheDocument();
    expect(router.current).toBe('/manage?q=cloud');
    expect(api.count('GET api/manage/communities?page=1&pageSize=20&q=cloud')).toBe(1);
  });

  it('tells an admin when the search finds nothing', async () => {
    fakeApi({ 'GET api/manage/communities?page=1&pageSize=20&q=zzz': page([]) });
    showManage(adminUser, '/manage?q=zzz');
    expect(await screen.findByText("No community or network named 'zzz'")).toBeInTheDocument();
  });
});
