import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { anEvent, anEventPage } from '@hub/ui/testing/demo-events';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { referenceRoutes } from '../../testing/reference-data';
import { EventListPage } from './event-list-page';

jest.setTimeout(30_000);

const url = '/events/event-list';
const events = [
  anEvent({ id: 1, title: 'Spring into Java' }),
  anEvent({ id: 2, title: 'Cloud night', communityId: 8, communityName: 'Cloud Native', seatsLeft: 0 }),
  anEvent({ id: 3, title: 'Kotlin evening', cancelled: true }),
];
const routes = { ...referenceRoutes, 'GET api/events': { body: anEventPage(events) } };
const cards = () => screen.getAllByTestId('event-card');
/** The cards follow the list's first commit (placeholders hold their places meanwhile: event-results.tsx). */
const drawnCards = () => screen.findAllByTestId('event-card');
const user = () => userEvent.setup({ delay: null });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('EventListPage', () => {
  it('shows skeletons while loading, then the upcoming events as cards, without serious accessibility violations', async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({ ...routes, 'GET api/events': () => answer.promise });
    const { container } = renderPage(<EventListPage />, { url });
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading events' })).toBeInTheDocument();
    expect(document.title).toBe('Upcoming events · Community Hub');
    await act(async () => answer.resolve({ body: anEventPage(events) }));
    expect(await screen.findByText('3 upcoming events')).toBeInTheDocument();
    expect((await drawnCards()).map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Spring into Java',
      'Cloud night',
      'Kotlin evening',
    ]);
    expect(within(cards()[1]!).getByText('Full')).toBeInTheDocument();
    expect(within(cards()[2]!).getByText('Cancelled')).toBeInTheDocument();
    expect(api.requests('GET api/events').map((r) => r.route)).toEqual(['GET api/events?pageSize=12']);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows the signed-in user their own attendance on the cards', async () => {
    fakeApi(routes);
    renderPage(<EventListPage />, {
      url,
      user: aUser({ attendingEvents: [{ eventId: 2, eventLocationId: null, status: 'waiting' }] }),
    });
    await screen.findByText('3 upcoming events');
    expect(within((await drawnCards())[1]!).getByText('On the waiting list')).toBeInTheDocument();
    expect(screen.queryByText("You're going")).not.toBeInTheDocument();
    // Not a core member of any community: nothing to create an event for.
    expect(screen.queryByRole('link', { name: 'Create event' })).toBeNull();
  });

  it('offers Create event to a core member of a community and to an admin, not to anyone else', async () => {
    fakeApi(routes);
    const core = aUser({
      permissions: [1, 3],
      coreMemberOfCommunities: [{ communityId: 8, responsibleForCommunity: false }],
    });
    const { unmount } = renderPage(<EventListPage />, { url, user: core });
    expect(await screen.findByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event-form');
    unmount();
    renderPage(<EventListPage />, { url, user: aUser({ permissions: [0] }) });
    expect(await screen.findByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event-form');
  });

  it('folds its filters behind one "Filters" button that says how many are set (shown on a phone only, by CSS)', async () => {
    fakeApi(routes);
    renderPage(<EventListPage />, { url: `${url}?q=java&format=online` });
    await drawnCards();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    const panel = screen.getByRole('search', { name: 'Filter events' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('reads its filters from the URL and asks the API for exactly them', async () => {
    const api = fakeApi(routes);
    renderPage(<EventListPage />, { url: `${url}?when=past&communityId=9&countryId=2&format=hybrid&q=java&page=2` });
    await screen.findByText('3 past events');
    expect(document.title).toBe('Past events · Community Hub');
    expect(screen.getByRole('switch', { name: 'Show past events' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('java');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Community' })).toHaveDisplayValue('Women in Tech'),
    );
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('France');
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveDisplayValue('Hybrid');
    expect(api.requests('GET api/events').map((r) => r.route)).toEqual([
      'GET api/events?when=past&communityId=9&countryId=2&format=hybrid&q=java&page=2&pageSize=12',
    ]);
  });

  it('puts each filter into the URL and starts again at page 1', async () => {
    const api = fakeApi(routes);
    const { router } = renderPage(<EventListPage />, { url: `${url}?page=2` });
    await screen.findByText('3 upcoming events');
    await user().selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Online');
    expect(router.current).toBe(`${url}?format=online`);
    await user().selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'Java Guild');
    expect(router.current).toBe(`${url}?communityId=7&format=online`);
    await user().click(screen.getByRole('switch', { name: 'Show past events' }));
    expect(router.current).toBe(`${url}?when=past&communityId=7&format=online`);
    await waitFor(() =>
      expect(api.requests('GET api/events').at(-1)?.route).toBe(
        'GET api/events?when=past&communityId=7&format=online&pageSize=12',
      ),
    );
    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.current).toBe(`${url}?when=past`);
  });

  it('searches once typing pauses, not on every key', async () => {
    const api = fakeApi(routes);
    const { router } = renderPage(<EventListPage />, { url });
    await screen.findByText('3 upcoming events');
    await user().type(screen.getByRole('searchbox', { name: 'Search events' }), 'java');
    await waitFor(() => expect(router.current).toBe(`${url}?q=java`));
    await waitFor(() => expect(api.count('GET api/events')).toBe(2));
    expect(api.requests('GET api/events').map((r) => r.route)).toEqual([
      'GET api/events?pageSize=12',
      'GET api/events?q=java&pageSize=12',
    ]);
    // Back (the URL changing under the page) puts the box back to what the URL says.
    await router.navigate(url);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue(''));
  });

  it('pages with links that keep the filters', async () => {
    const api = fakeApi({
      ...routes,
      'GET api/events': ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return {
          body: anEventPage([anEvent({ id: page * 100, title: `Event on page ${page}` })], {
            total: 30,
            page,
            pageSize: 12,
          }),
        };
      },
    });
    const { router } = renderPage(<EventListPage />, { url: `${url}?format=online` });
    const pager = await screen.findByRole('navigation', { name: 'Pages of events' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${url}?format=online&page=2`);
    await user().click(within(pager).getByRole('link', { name: 'Next' }));
    expect(router.current).toBe(`${url}?format=online&page=2`);
    expect(await screen.findByRole('link', { name: 'Event on page 2' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `${url}?format=online`);
    expect(api.count('GET api/events')).toBe(2);
  });

  it('says when nothing is coming up, and offers past events', async () => {
    fakeApi({ ...routes, 'GET api/events': { body: anEventPage([]) } });
    renderPage(<EventListPage />, { url });
    expect(await screen.findByText('No upcoming events yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See past events' })).toHaveAttribute('href', `${url}?when=past`);
  });

  it('says what was searched when nothing matches, and offers to clear the filters', async () => {
    fakeApi({ ...routes, 'GET api/events': { body: anEventPage([]) } });
    const { container } = renderPage(<EventListPage />, { url: `${url}?q=zzz&format=online` });
    expect(await screen.findByRole('status')).toHaveTextContent('No upcoming events match “zzz”');
    expect(within(screen.getByTestId('empty-state')).getByRole('link', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      url,
    );
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows the normalised message with Retry, and Retry asks again', async () => {
    const api = fakeApi({
      ...routes,
      'GET api/events': { status: 503, body: { message: 'The database is busy', details: [] } },
    });
    const { container } = renderPage(<EventListPage />, { url });
    expect(await screen.findByText('Could not load the events')).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
    api.set({ 'GET api/events': { body: anEventPage(events) } });
    await user().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 upcoming events')).toBeInTheDocument();
    expect(api.count('GET api/events')).toBe(2);
  });

  it('keeps a filter from the URL chosen even when its name is not known', async () => {
    fakeApi(routes);
    renderPage(<EventListPage />, { url: `${url}?communityId=99` });
    await screen.findByText('3 upcoming events');
    expect(screen.getByRole('combobox', { name: 'Community' })).toHaveDisplayValue('Community 99');
  });

  it('still lists events when the filter choices cannot be loaded, and says so', async () => {
    fakeApi({ ...routes, 'GET api/country': new TypeError('Failed to fetch') });
    renderPage(<EventListPage />, { url });
    expect(await screen.findByText('3 upcoming events')).toBeInTheDocument();
    expect(screen.getByText('Could not load the filter choices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading the filter choices' })).toBeInTheDocument();
  });
});
