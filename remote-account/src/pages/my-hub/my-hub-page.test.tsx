import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityBaseId, Permission, refreshUserInfo, type CommunityDetail, type EventDetail } from '@hub/shared';
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
});

const event = (id: number, title: string, startsAt: string, extra: Partial<EventDetail> = {}): EventDetail => ({
  id,
  title,
  description: '',
  imageUrl: '',
  startsAt,
  endsAt: startsAt.replace('T18', 'T20'),
  timeZone: 'Europe/Amsterdam',
  communityId: 7,
  communityName: 'Java Guild',
  communityBaseId: CommunityBaseId.Community,
  countryId: 1,
  countryName: 'Netherlands',
  capacity: null,
  attendeeCount: 3,
  seatsLeft: null,
  cancelled: false,
  format: 'inPerson',
  locations: [],
  waitingListCount: 0,
  waitingListEnabled: false,
  ...extra,
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

const api = {
  'GET api/community/7': { body: community(7, 'Java Guild') },
  'GET api/community/8': { body: community(8, 'Women in Tech', CommunityBaseId.Network) },
  'GET api/community/9': { body: community(9, 'Cloud Native') },
  'GET api/events/20': { body: event(20, 'Spring into Java', '2099-03-01T18:00:00Z') },
  'GET api/events/21': { body: event(21, 'Kotlin night', '2099-04-01T18:00:00Z', { cancelled: true }) },
};

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

    const events = await screen.findByRole('list', { name: 'Events I attend' });
    const eventItems = within(events).getAllByRole('listitem');
    expect(eventItems.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Spring into Java',
      'Kotlin night',
    ]);
    expect(within(eventItems[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/events/20');
    expect(eventItems[1]).toHaveTextContent('Cancelled');
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
    const api = fakeApi({});
    const { container } = renderPage(<MyHubPage />, { user: aUser() });
    expect(await screen.findByText('You have not joined any community or network yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a community' })).toHaveAttribute('href', '/communities');
    expect(screen.getByText('You are not attending any events yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events/event-list');
    expect(api.count()).toBe(0);
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
      'GET api/events/20': new TypeError('Failed to fetch'),
    });
    renderPage(<MyHubPage />, { user: lead });
    const communities = await screen.findByRole('list', { name: 'My communities and networks' });
    expect(within(communities).getByRole('link', { name: 'Community 8' })).toHaveAttribute('href', '/community/8');
    expect(within(communities).getByRole('link', { name: 'Java Guild' })).toBeInTheDocument();
    expect(screen.getByText('One of your communities could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('One of your events could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('Check your internet connection');

    failing = false;
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Retry loading your communities' }));
    await waitFor(() =>
      expect(screen.queryByText('One of your communities could not be loaded')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Women in Tech' })).toBeInTheDocument();
  });
});
