import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { adminUser, communitiesOfBase1, externalUser, networksOfBase2, overview } from '../../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { CommunitiesListPage, NetworksListPage } from './community-list-page';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const communityRoutes = {
  'GET api/communitybase/1': { body: { id: 1, name: 'Community' } },
  'GET api/community': { body: overview },
  'GET api/community/base/1': { body: communitiesOfBase1 },
};

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Communities' }))
    .getAllByTestId('community-card')
    .map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('CommunityListPage (the grid, issue 27)', () => {
  it('shows a card skeleton while loading, then every community as a card', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...communityRoutes, 'GET api/community/base/1': () => answer.promise });
    renderPage(<CommunitiesListPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading communities' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: communitiesOfBase1 }));
    await screen.findByRole('list', { name: 'Communities' });
    expect(cardNames()).toEqual(['Cloud Native Guild', 'Java Community', 'Data & AI Community']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows on each card its face, member count and next event (or that there is none)', async () => {
    fakeApi(communityRoutes);
    const { container } = renderPage(<CommunitiesListPage />);
    await screen.findByRole('list', { name: 'Communities' });
    const [cloud, java] = screen.getAllByTestId('community-card');
    expect(within(java!).getByTestId('generated-cover')).toHaveTextContent('JCJava Community');
    expect(java).toHaveTextContent('3 members');
    expect(within(java!).getByTestId('community-next-event')).toHaveTextContent(
      'Next: Sun, 1 Mar 2099, 18:00 CETSpring into Java',
    );
    expect(within(java!).getByRole('link', { name: 'Spring into Java' })).toHaveAttribute('href', '/events/31');
    expect(within(cloud!).getByTestId('community-next-event')).toHaveTextContent('No upcoming events');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('searches (debounced) into the URL and asks the API for that search', async () => {
    const api = fakeApi({
      ...communityRoutes,
      'GET api/community/base/1?search=java': { body: [communitiesOfBase1[1]] },
    });
    const { router } = renderPage(<CommunitiesListPage />, { url: '/communities' });
    await screen.findByRole('list', { name: 'Communities' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'java');
    await waitFor(() => expect(cardNames()).toEqual(['Java Community']));
    expect(router.current).toBe('/communities?search=java');
    // Typed letter by letter, asked once: the search waits for the pause.
    expect(api.count('GET api/community/base/1?search=java')).toBe(1);
    expect(api.count('GET api/community/base/1?search=j')).toBe(0);
  });

  it('filters by country and sorts from the URL, and changing them writes the URL', async () => {
    const byMembers = [...communitiesOfBase1].sort((a, b) => b.memberCount - a.memberCount);
    fakeApi({
      ...communityRoutes,
      'GET api/community/base/1?countryId=1&sort=members': { body: byMembers.filter((c) => c.countryId === 1) },
      'GET api/community/base/1?sort=members': { body: byMembers },
    });
    const { router } = renderPage(<CommunitiesListPage />, { url: '/communities?countryId=1&sort=members' });
    await screen.findByRole('list', { name: 'Communities' });
    expect(cardNames()).toEqual(['Cloud Native Guild', 'Java Community']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('members');
    expect(await screen.findByRole('option', { name: 'Netherlands (2)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('1');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), '');
    expect(router.current).toBe('/communities?sort=members');
    await waitFor(() => expect(cardNames()).toEqual(['Data & AI Community', 'Cloud Native Guild', 'Java Community']));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    expect(router.current).toBe('/communities');
  });

  it('says nothing matched and offers to clear the filters', async () => {
    fakeApi({ ...communityRoutes, 'GET api/community/base/1?search=zzz': { body: [] } });
    renderPage(<CommunitiesListPage />, { url: '/communities?search=zzz' });
    expect(await screen.findByText('No community matches')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Clear filters' })[0]).toHaveAttribute('href', '/communities');
  });

  it('keeps the country overviews as links under the grid', async () => {
    fakeApi(communityRoutes);
    renderPage(<CommunitiesListPage />);
    const countries = await screen.findByRole('list', { name: 'Countries' });
    expect(within(countries).getByRole('link', { name: 'Germany' })).toHaveAttribute('href', '/communities/overview/2');
  });

  it('is the networks screen for base 2: its networks, and only countries with networks', async () => {
    const api = fakeApi({
      'GET api/communitybase/2': { body: { id: 2, name: 'Network' } },
      'GET api/community': { body: overview },
      'GET api/community/base/2': { body: networksOfBase2 },
    });
    renderPage(<NetworksListPage />);
    const countries = await screen.findByRole('list', { name: 'Countries' });
    expect(screen.getByRole('heading', { level: 1, name: 'Networks' })).toBeInTheDocument();
    expect(
      within(countries)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/networks/overview/3', '/networks/overview/1']);
    const grid = await screen.findByRole('list', { name: 'Networks' });
    expect(within(grid).getAllByTestId('community-card')).toHaveLength(2);
    expect(api.count('GET api/community/base/2')).toBe(1);
  });

  it('offers admins, and only admins, to create one', async () => {
    fakeApi(communityRoutes);
    const { unmount } = renderPage(<CommunitiesListPage />, { user: externalUser });
    await screen.findByRole('list', { name: 'Communities' });
    expect(screen.queryByRole('link', { name: 'Create a community' })).not.toBeInTheDocument();
    unmount();
    renderPage(<CommunitiesListPage />, { user: adminUser });
    expect(screen.getByRole('link', { name: 'Create a community' })).toHaveAttribute('href', '/community-form?base=1');
  });

  it('shows the normalised message with Retry, and Retry asks the API again', async () => {
    const api = fakeApi({
      ...communityRoutes,
      'GET api/community/base/1': { status: 503, body: { message: 'The database is busy', details: ['try later'] } },
    });
    renderPage(<CommunitiesListPage />);
    expect(await screen.findByText('Could not load the communities')).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    api.set({ 'GET api/community/base/1': { body: communitiesOfBase1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Communities' })).toBeInTheDocument();
    expect(api.count('GET api/community/base/1')).toBe(2);
  });
});
