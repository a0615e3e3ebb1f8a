import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityBaseId, dialogQueueAtom, hubStore, settleDialog } from '@hub/shared';
import { anEvent } from '@hub/ui/testing/demo-events';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { adminUser, communityDetail, coreUser, externalUser, memberUser } from '../../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import CommunityDetailPage from './community-detail-page';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const event = anEvent({
  id: 7,
  title: 'Kubernetes meetup',
  startsAt: '2030-03-01T17:00:00.000Z',
  endsAt: '2030-03-01T19:00:00.000Z',
  communityId: 1,
  communityName: 'Cloud Native Guild',
  communityBaseId: CommunityBaseId.Community,
});
const cancelledEvent = anEvent({ id: 8, title: 'Cancelled talk', communityId: 1, cancelled: true });

const eventsRoute = 'GET api/events?when=upcoming&communityId=1&pageSize=10';
const routes = {
  'GET api/community/1': { body: communityDetail },
  'GET api/communitybase/1': { body: { id: 1, name: 'Community' } },
  'GET api/community/1/messages': { body: { items: [] } },
  [eventsRoute]: { body: { items: [event, cancelledEvent], total: 2, page: 1, pageSize: 10 } },
};

function showCommunity(id = '1', user = externalUser) {
  return renderPage(<CommunityDetailPage />, { url: `/community/${id}`, pattern: '/community/:id', user });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('CommunityDetailPage', () => {
  it('shows a skeleton while loading', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...routes, 'GET api/community/1': () => answer.promise });
    showCommunity();
    expect(screen.getByRole('progressbar', { name: 'Loading the community' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: communityDetail }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
  });

  it('shows name, base, country, description, member count, core members with the lead, events and Join', async () => {
    fakeApi(routes);
    const { container } = showCommunity();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
    expect(screen.getByText('Community')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Netherlands' })).toHaveAttribute('href', '/communities/overview/1');
    expect(screen.getByText('Kubernetes, serverless and platform engineering in practice.')).toBeInTheDocument();
    expect(screen.getByText('5 members')).toBeInTheDocument();

    const core = screen.getByRole('region', { name: 'Core members' });
    const people = within(core).getAllByRole('listitem');
    expect(people).toHaveLength(2);
    expect(within(people[0]!).getByText('Lena Lead')).toBeInTheDocument();
    expect(within(people[0]!).getByText('Lead')).toBeInTheDocument();
    expect(within(people[1]!).getByText('Carl Core')).toBeInTheDocument();
    expect(within(people[1]!).queryByText('Lead')).not.toBeInTheDocument();

    const events = screen.getByRole('region', { name: 'Upcoming events' });
    expect(await within(events).findByRole('link', { name: 'Kubernetes meetup' })).toHaveAttribute('href', '/events/7');
    expect(within(events).getByText('Fri, 1 Mar 2030, 18:00–20:00 CET')).toBeInTheDocument();
    expect(within(events).getByText('Your time: Fri, 1 Mar 2030, 17:00–19:00 UTC')).toBeInTheDocument();
    // A cancelled event is not coming up.
    expect(within(events).queryByText('Cancelled talk')).not.toBeInTheDocument();
    expect(within(events).getAllByRole('listitem')).toHaveLength(1);

    expect(screen.getByRole('button', { name: 'Join Cloud Native Guild' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('offers Edit and Create event (for this community) to core members of the community', async () => {
    fakeApi(routes);
    showCommunity('1', coreUser);
    expect(await screen.findByRole('link', { name: 'Edit community' })).toHaveAttribute(
      'href',
      '/community-form/edit/1',
    );
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event-form/1');
  });

  it('an admin archives after a confirmation that says what happens, then sees it archived with Restore', async () => {
    const archivedAt = '2030-02-01T10:00:00.000Z';
    let archived = false;
    const api = fakeApi({
      ...routes,
      'GET api/community/1': () => ({ body: { ...communityDetail, archivedAt: archived ? archivedAt : null } }),
      'POST api/community/1/archive': () => {
        archived = true;
        return { body: { ...communityDetail, archivedAt } };
      },
      'POST api/community/1/restore': () => {
        archived = false;
        return { body: { ...communityDetail, archivedAt: null } };
      },
    });
    showCommunity('1', adminUser);
    const answerConfirm = async (yes: boolean, text: RegExp) => {
      await waitFor(() => expect(hubStore.get(dialogQueueAtom)).toHaveLength(1));
      const [dialog] = hubStore.get(dialogQueueAtom);
      expect(dialog).toMatchObject({ request: { kind: 'confirm', subtitle: expect.stringMatching(text) } });
      act(() => settleDialog(dialog!.id, yes));
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await answerConfirm(false, /members, core members, events and their attendees are kept/);
    expect(api.count('POST api/community/1/archive')).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await answerConfirm(true, /It leaves the communities and events lists, nobody can join it or its events/);
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(api.count('POST api/community/1/archive')).toBe(1);
    // Archived: no Join and no Create event; Restore in the notice.
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create event' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await answerConfirm(true, /comes back in the communities and events lists/);
    await waitFor(() => expect(screen.queryByText('Archived')).toBeNull());
    expect(api.count('POST api/community/1/restore')).toBe(1);
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it('says who may see a members-only community on its page, and on its events (issue 28)', async () => {
    fakeApi({
      ...routes,
      'GET api/community/1': { body: { ...communityDetail, visibility: 'members' } },
      [eventsRoute]: {
        body: { items: [{ ...event, visibility: 'members' }], total: 1, page: 1, pageSize: 10 },
      },
    });
    showCommunity('1', memberUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
    // The page's own badge and its event card's.
    await waitFor(() => expect(screen.getAllByText('Members only')).toHaveLength(2));
  });

  it('shows others an archived community as archived, without Join or Archive', async () => {
    fakeApi({
      ...routes,
      'GET api/community/1': { body: { ...communityDetail, archivedAt: '2030-02-01T10:00:00.000Z' } },
    });
    showCommunity('1', coreUser);
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join|Leave/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Archive|Restore/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create event' })).toBeNull();
  });

  it('offers Edit and Create event to admins', async () => {
    fakeApi(routes);
    showCommunity('1', adminUser);
    expect(await screen.findByRole('link', { name: 'Edit community' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event-form/1');
  });

  it('after leaving, reloads the community so the member count follows', async () => {
    const api = fakeApi({
      ...routes,
      // Re-read after the change with the community itself (routes).
      'GET api/community/base/1': { body: [] },
      'GET api/community': { body: [] },
      'DELETE api/communitymembership/1': { body: { communityId: 1, member: false } },
      // The user info refreshed after the change (SPEC §4): no longer a member.
      'GET api/user': { body: externalUser },
    });
    showCommunity('1', memberUser);
    await screen.findByText('5 members');
    api.set({ 'GET api/community/1': { body: { ...communityDetail, memberCount: 4 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Leave Cloud Native Guild' }));
    expect(await screen.findByText('4 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Cloud Native Guild' })).toBeEnabled();
    expect(api.count('GET api/user')).toBe(1);
  });

  it('says when there are no core members and no upcoming events', async () => {
    fakeApi({
      ...routes,
      'GET api/community/1': { body: { ...communityDetail, coreMembers: [], description: '' } },
      [eventsRoute]: { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    });
    showCommunity();
    expect(await screen.findByText('This community has no core members yet.')).toBeInTheDocument();
    expect(await screen.findByText('This community has no upcoming events.')).toBeInTheDocument();
    expect(screen.getByText('This community has no description yet.')).toBeInTheDocument();
    // Each heading and sentence is a block, not inline Text run together ("Core membersThis … has", issue 23).
    for (const text of [
      screen.getByRole('heading', { name: 'Core members' }),
      screen.getByText('This community has no core members yet.'),
      screen.getByRole('heading', { name: 'Upcoming events' }),
      screen.getByText('This community has no upcoming events.'),
    ])
      expect(getComputedStyle(text).display).toBe('block');
  });

  it('reopening the same community asks the API nothing (SPEC §7 cache)', async () => {
    const api = fakeApi(routes);
    const first = showCommunity();
    expect(await screen.findByRole('link', { name: 'Kubernetes meetup' })).toBeInTheDocument();
    first.unmount();
    renderPage(<CommunityDetailPage />, { url: '/community/1', pattern: '/community/:id', keepCache: true });
    expect(await screen.findByRole('link', { name: 'Kubernetes meetup' })).toBeInTheDocument();
    expect(api.count('GET api/community/1')).toBe(1);
    expect(api.count('GET api/communitybase/1')).toBe(1);
    expect(api.count(eventsRoute)).toBe(1);
  });

  it.each(['999', 'abc', '1.5'])('shows a not-found message for the id %s', async (id) => {
    fakeApi({ 'GET api/community/999': { status: 404, body: { message: 'Community not found', details: [] } } });
    const { container } = showCommunity(id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Community not found' })).toBeInTheDocument();
    expect(screen.getByText('This community does not exist')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('asks for an unknown community once: a 404 is not retried', async () => {
    const api = fakeApi({
      'GET api/community/9999': { status: 404, body: { message: 'Community not found', details: [] } },
    });
    showCommunity('9999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community not found' })).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(api.count('GET api/community/9999')).toBe(1);
    expect(api.count()).toBe(1);
  });

  it('shows a failure with Retry', async () => {
    const api = fakeApi({
      ...routes,
      'GET api/community/1': { status: 500, body: { message: 'Database down', details: [] } },
    });
    showCommunity();
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    api.set(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
  });

  it('keeps the page when only the events fail, with their own Retry', async () => {
    const api = fakeApi({ ...routes, [eventsRoute]: { status: 502, body: '' } });
    showCommunity();
    expect(await screen.findByText('Could not load the upcoming events')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
    api.set(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Kubernetes meetup' })).toBeInTheDocument();
  });

  describe('a members-only community (issue 28)', () => {
    const membersOnly = {
      ...routes,
      'GET api/community/1': { body: { ...communityDetail, visibility: 'members' } },
      'GET api/community/1/invitation': { body: { active: false, mode: null, createdAt: null } },
      'GET api/community/1/join-requests': { body: [] },
    };

    it('says who can see it; its core members get the invitation and requests panel', async () => {
      fakeApi(membersOnly);
      showCommunity('1', coreUser);
      expect(
        await screen.findByText(
          'Only its members and core members (and admins) can find and see it. Others join through an invitation link its core members share.',
        ),
      ).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Invitation and requests' })).toBeInTheDocument();
    });

    it('a plain member sees the sentence but gets no panel', async () => {
      const api = fakeApi(membersOnly);
      showCommunity('1', memberUser);
      expect(await screen.findByText(/Others join through an invitation link/)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Invitation and requests' })).not.toBeInTheDocument();
      expect(api.count('GET api/community/1/invitation')).toBe(0);
    });

    it('a public community has no sentence and no panel, even for its core members', async () => {
      fakeApi(routes);
      showCommunity('1', coreUser);
      expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeInTheDocument();
      expect(screen.queryByText(/can find and see it/)).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Invitation and requests' })).not.toBeInTheDocument();
    });
  });
});
