import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { communitiesOfBase1, community, memberUser, networksOfBase2 } from '../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { authStatusAtom, userInfoAtom } from '@hub/shared';
import DiscoverCommunitiesWidget from './discover-communities-widget';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const active = [communitiesOfBase1[1]!, networksOfBase2[0]!, communitiesOfBase1[2]!];
const routes = {
  'GET api/home': { body: { featuredEvent: null, activeCommunities: active } },
  'GET api/user/home': { body: { communityEvents: [], suggestedCommunities: [communitiesOfBase1[2]!] } },
  'GET api/community/1': { body: community() },
};
const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((l) => l.textContent);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('DiscoverCommunitiesWidget', () => {
  it('shows a skeleton while loading', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...routes, 'GET api/home': () => answer.promise });
    renderPage(<DiscoverCommunitiesWidget />);
    expect(screen.getByRole('progressbar', { name: 'Loading communities and networks' })).toBeInTheDocument();
    await act(async () => answer.resolve(routes['GET api/home']));
    expect(await screen.findByRole('heading', { name: 'Most active' })).toBeInTheDocument();
  });

  it('shows a visitor the most active communities and networks, each with its face, members and upcoming events', async () => {
    const api = fakeApi(routes);
    const { container } = renderPage(<DiscoverCommunitiesWidget />);
    const discover = await screen.findByRole('region', { name: 'Most active' });
    expect(names(discover)).toEqual(['Java Community', 'Women in Tech', 'Data & AI Community']);
    expect(discover).toHaveTextContent('Community · 3 members · 2 upcoming events');
    expect(within(discover).getAllByTestId('generated-cover')[0]).toHaveTextContent(/^JC$/);
    expect(screen.queryByRole('heading', { name: 'Your communities' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All networks' })).toHaveAttribute('href', '/networks');
    expect(api.count('GET api/user/home')).toBe(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("lists a signed-in user's communities, then the communities they may like", async () => {
    const api = fakeApi(routes);
    renderPage(<DiscoverCommunitiesWidget />, { user: memberUser });
    const mine = await screen.findByRole('region', { name: 'Your communities' });
    expect(within(mine).getByRole('link', { name: 'Cloud Native Guild' })).toHaveAttribute('href', '/community/1');
    expect(names(screen.getByRole('region', { name: 'Communities you may like' }))).toEqual(['Data & AI Community']);
    expect(api.count('GET api/home')).toBe(0);
  });

  it('shows nothing of the anonymous home while a stored session is being restored', async () => {
    const api = fakeApi(routes);
    const { store } = renderPage(<DiscoverCommunitiesWidget />, { status: 'loading' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('progressbar', { name: 'Loading communities and networks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Most active' })).toBeNull();
    expect(api.count('GET api/home')).toBe(0);
    act(() => {
      store.set(userInfoAtom, memberUser);
      store.set(authStatusAtom, 'loggedIn');
    });
    expect(await screen.findByRole('region', { name: 'Your communities' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Most active' })).toBeNull();
  });

  it('shares one request with anything else asking for the same data at the same time', async () => {
    const api = fakeApi(routes);
    renderPage(
      <>
        <DiscoverCommunitiesWidget />
        <DiscoverCommunitiesWidget />
      </>,
      { user: memberUser },
    );
    expect(await screen.findAllByRole('region', { name: 'Communities you may like' })).toHaveLength(2);
    expect(api.count('GET api/user/home')).toBe(1);
    expect(api.count('GET api/community/1')).toBe(1);
  });

  it('says when there is nothing (yet)', async () => {
    fakeApi({ 'GET api/user/home': { body: { communityEvents: [], suggestedCommunities: [] } } });
    renderPage(<DiscoverCommunitiesWidget />, { user: { ...memberUser, memberOfCommunities: [] } });
    expect(await screen.findByText('You have not joined any community or network yet.')).toBeInTheDocument();
    expect(screen.getByText('There is nothing new to discover right now.')).toBeInTheDocument();
    // Headings and sentences are blocks: Fluent's Text is inline by default, which ran them
    // together on screen ("Your communitiesYou have not joined…", issue 23).
    for (const text of [
      screen.getByRole('heading', { name: 'Your communities' }),
      screen.getByText('You have not joined any community or network yet.'),
      screen.getByRole('heading', { name: 'Communities you may like' }),
      screen.getByText('There is nothing new to discover right now.'),
    ])
      expect(getComputedStyle(text).display).toBe('block');
  });

  it('shows a failure with Retry', async () => {
    const api = fakeApi({ ...routes, 'GET api/home': { status: 500, body: 'Broken' } });
    renderPage(<DiscoverCommunitiesWidget />);
    expect(await screen.findByText('Broken')).toBeInTheDocument();
    api.set(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Most active' })).toBeInTheDocument();
  });
});
