import { act, screen, within } from '@testing-library/react';
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

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('CommunityListPage', () => {
  it('shows a skeleton while loading', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...communityRoutes, 'GET api/community': () => answer.promise });
    renderPage(<CommunitiesListPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading communities' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: overview }));
    expect(await screen.findByRole('link', { name: 'France' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lists the countries that have communities, with their counts, each linking to its overview', async () => {
    fakeApi(communityRoutes);
    const { container } = renderPage(<CommunitiesListPage />);
    const countries = await screen.findByRole('list', { name: 'Countries' });
    const rows = within(countries).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'France3 communities',
      'Germany3 communities',
      'Netherlands2 communities',
    ]);
    expect(within(countries).getByRole('link', { name: 'Germany' })).toHaveAttribute('href', '/communities/overview/2');
    expect(screen.getByText(/Communities bring together colleagues/)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('is the networks screen for base 2: only countries with networks, linking to the networks overview', async () => {
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
    expect(within(countries).getByText('1 network')).toBeInTheDocument();
    expect(api.count('GET api/community/base/2')).toBe(1);
  });

  it('filters by name as you type: matching communities, and the countries that have them', async () => {
    fakeApi(communityRoutes);
    renderPage(<CommunitiesListPage />);
    await screen.findByRole('list', { name: 'Countries' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search communities by name' }), 'java');

    const matches = screen.getByRole('list', { name: 'Matching communities' });
    expect(within(matches).getByRole('link', { name: 'Java Community' })).toHaveAttribute('href', '/community/2');
    expect(within(matches).getAllByRole('link')).toHaveLength(1);
    const countries = screen.getByRole('list', { name: 'Countries' });
    expect(
      within(countries)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Netherlands']);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search communities by name' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search communities by name' }), 'zzz');
    // Nothing matches at all: one message that says what was searched, instead of two empty sections.
    expect(screen.getByRole('status')).toHaveTextContent("No community or network named 'zzz'");
    expect(screen.queryByRole('list', { name: 'Countries' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No country matches/)).not.toBeInTheDocument();
  });

  it('lists a country whose name matches even when no community name does', async () => {
    fakeApi(communityRoutes);
    renderPage(<CommunitiesListPage />);
    await screen.findByRole('list', { name: 'Countries' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search communities by name' }), 'nether');
    expect(screen.getByRole('status')).toHaveTextContent('No community has a name like “nether”.');
    expect(
      within(screen.getByRole('list', { name: 'Countries' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Netherlands']);
  });

  it('offers admins a create link for the base shown: a network on /networks', async () => {
    fakeApi(communityRoutes);
    renderPage(<NetworksListPage />, { user: adminUser });
    expect(screen.getByRole('link', { name: 'Create a network' })).toHaveAttribute('href', '/community-form?base=2');
  });

  it('offers admins, and only admins, to create one', async () => {
    fakeApi(communityRoutes);
    const { unmount } = renderPage(<CommunitiesListPage />, { user: externalUser });
    await screen.findByRole('list', { name: 'Countries' });
    expect(screen.queryByRole('link', { name: 'Create a community' })).not.toBeInTheDocument();
    unmount();
    renderPage(<CommunitiesListPage />, { user: adminUser });
    expect(screen.getByRole('link', { name: 'Create a community' })).toHaveAttribute('href', '/community-form?base=1');
  });

  it('says so when no country has any community yet', async () => {
    fakeApi({ ...communityRoutes, 'GET api/community': { body: [] }, 'GET api/community/base/1': { body: [] } });
    renderPage(<CommunitiesListPage />);
    expect(await screen.findByText('No communities yet')).toBeInTheDocument();
  });

  it('shows the normalised message with Retry, and Retry asks the API again', async () => {
    const api = fakeApi({
      ...communityRoutes,
      'GET api/community': { status: 503, body: { message: 'The database is busy', details: ['try later'] } },
    });
    const { container } = renderPage(<CommunitiesListPage />);
    expect(await screen.findByText('Could not load the communities')).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    expect(screen.getByText('try later')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    api.set({ 'GET api/community': { body: overview } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Countries' })).toBeInTheDocument();
    expect(api.count('GET api/community')).toBe(2);
  });

  it('says there is no network connection when the API cannot be reached', async () => {
    fakeApi({ ...communityRoutes, 'GET api/community': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage(<CommunitiesListPage />);
    expect(await screen.findByText('No network connection.')).toBeInTheDocument();
  });
});
