import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { communitiesOfBase1, community, memberUser, networksOfBase2 } from '../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import DiscoverCommunitiesWidget from './discover-communities-widget';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const routes = {
  'GET api/community/base/1': { body: communitiesOfBase1 },
  'GET api/community/base/2': { body: networksOfBase2 },
  'GET api/community/1': { body: community() },
};

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('DiscoverCommunitiesWidget', () => {
  it('shows a skeleton while loading', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...routes, 'GET api/community/base/2': () => answer.promise });
    renderPage(<DiscoverCommunitiesWidget />);
    expect(screen.getByRole('progressbar', { name: 'Loading communities and networks' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: networksOfBase2 }));
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInTheDocument();
  });

  it('offers an anonymous visitor some communities and networks', async () => {
    fakeApi(routes);
    const { container } = renderPage(<DiscoverCommunitiesWidget />);
    const discover = await screen.findByRole('region', { name: 'Discover' });
    expect(
      within(discover)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Cloud Native Guild', 'Java Community', 'Data & AI Community', 'Women in Tech', 'Young Professionals']);
    expect(screen.queryByRole('heading', { name: 'Your communities' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All networks' })).toHaveAttribute('href', '/networks');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("lists a signed-in user's communities, and leaves them out of Discover", async () => {
    const api = fakeApi(routes);
    renderPage(<DiscoverCommunitiesWidget />, { user: memberUser });
    const mine = await screen.findByRole('region', { name: 'Your communities' });
    expect(within(mine).getByRole('link', { name: 'Cloud Native Guild' })).toHaveAttribute('href', '/community/1');
    const discover = screen.getByRole('region', { name: 'Discover' });
    expect(within(discover).queryByRole('link', { name: 'Cloud Native Guild' })).not.toBeInTheDocument();
    expect(api.count('GET api/community/1')).toBe(1);
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
    expect(await screen.findAllByRole('region', { name: 'Discover' })).toHaveLength(2);
    expect(api.count('GET api/community/base/1')).toBe(1);
    expect(api.count('GET api/community/base/2')).toBe(1);
    expect(api.count('GET api/community/1')).toBe(1);
  });

  it('says when there is nothing (yet)', async () => {
    fakeApi({ 'GET api/community/base/1': { body: [] }, 'GET api/community/base/2': { body: [] } });
    renderPage(<DiscoverCommunitiesWidget />, { user: { ...memberUser, memberOfCommunities: [] } });
    expect(await screen.findByText('You have not joined any community or network yet.')).toBeInTheDocument();
    expect(screen.getByText('There is nothing new to discover right now.')).toBeInTheDocument();
    // Headings and sentences are blocks: Fluent's Text is inline by default, which ran them
    // together on screen ("Your communitiesYou have not joined…", issue 23).
    for (const text of [
      screen.getByRole('heading', { name: 'Your communities' }),
      screen.getByText('You have not joined any community or network yet.'),
      screen.getByRole('heading', { name: 'Discover' }),
      screen.getByText('There is nothing new to discover right now.'),
    ])
      expect(getComputedStyle(text).display).toBe('block');
  });

  it('shows a failure with Retry', async () => {
    const api = fakeApi({ ...routes, 'GET api/community/base/1': { status: 500, body: 'Broken' } });
    renderPage(<DiscoverCommunitiesWidget />);
    expect(await screen.findByText('Broken')).toBeInTheDocument();
    api.set(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Discover' })).toBeInTheDocument();
  });
});
