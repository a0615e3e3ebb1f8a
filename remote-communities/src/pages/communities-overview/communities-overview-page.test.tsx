import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showAlert } from '@hub/shared';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { communitiesOfBase1, externalUser, memberUser, networksOfBase2, overview } from '../../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { CommunitiesByCountryPage, NetworksByCountryPage } from './communities-overview-page';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const routes = {
  'GET api/community': { body: overview },
  'GET api/community/base/1': { body: communitiesOfBase1 },
};

function showCountry(countryId: string, user = externalUser) {
  return renderPage(<CommunitiesByCountryPage />, {
    url: `/communities/overview/${countryId}`,
    pattern: '/communities/overview/:countryId',
    user,
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('CommunitiesOverviewPage', () => {
  it('shows skeleton cards while loading', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ ...routes, 'GET api/community/base/1': () => answer.promise });
    showCountry('1');
    expect(screen.getByRole('progressbar', { name: 'Loading communities' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: communitiesOfBase1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Communities in Netherlands' })).toBeInTheDocument();
  });

  it("shows the country's communities as cards with name, member count and Join", async () => {
    fakeApi(routes);
    const { container } = showCountry('1');
    const list = await screen.findByRole('list', { name: 'Communities in Netherlands' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Cloud Native Guild' })).toHaveAttribute('href', '/community/1');
    expect(within(cards[0]!).getByText('5 members')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Join Cloud Native Guild' })).toBeEnabled();
    expect(within(cards[1]!).getByText('3 members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All countries' })).toHaveAttribute('href', '/communities');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('joining from a card reloads the list, so the member count follows', async () => {
    const api = fakeApi({
      ...routes,
      // Re-read after the change with the base list and the overview (routes).
      'GET api/community/1': { body: communitiesOfBase1[0] },
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
      // The user info refreshed after the change (SPEC §4) names the new membership.
      'GET api/user': { body: memberUser },
    });
    showCountry('1');
    await screen.findByText('5 members');
    api.set({
      'GET api/community/base/1': {
        body: communitiesOfBase1.map((c) => (c.id === 1 ? { ...c, memberCount: 6 } : c)),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));
    expect(await screen.findByText('6 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count('GET api/community/base/1')).toBe(2);
    expect(api.count('GET api/user')).toBe(1);
    expect(showAlert).not.toHaveBeenCalled();
  });

  it('is the networks overview for base 2', async () => {
    fakeApi({ 'GET api/community': { body: overview }, 'GET api/community/base/2': { body: networksOfBase2 } });
    renderPage(<NetworksByCountryPage />, { url: '/networks/overview/1', pattern: '/networks/overview/:countryId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Networks in Netherlands' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Women in Tech' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All countries' })).toHaveAttribute('href', '/networks');
  });

  it('says when the country has none of them yet', async () => {
    fakeApi({ 'GET api/community': { body: overview }, 'GET api/community/base/2': { body: networksOfBase2 } });
    renderPage(<NetworksByCountryPage />, { url: '/networks/overview/2', pattern: '/networks/overview/:countryId' });
    expect(await screen.findByText('No networks in Germany yet')).toBeInTheDocument();
  });

  it.each(['99', 'abc'])('says an unknown country (%s) is unknown', async (countryId) => {
    fakeApi(routes);
    const { container } = showCountry(countryId);
    expect(await screen.findByText('Unknown country')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows the failure with Retry', async () => {
    const api = fakeApi({ ...routes, 'GET api/community/base/1': { status: 500, body: 'Server exploded' } });
    showCountry('1');
    expect(await screen.findByText('Server exploded')).toBeInTheDocument();
    api.set(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Communities in Netherlands' })).toBeInTheDocument();
  });
});
