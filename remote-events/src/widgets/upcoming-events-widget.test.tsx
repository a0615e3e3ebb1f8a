import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { anEvent, anEventPage } from '@hub/ui/testing/demo-events';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { authStatusAtom, firstReadsElementId, forgetFirstReads, userInfoAtom } from '@hub/shared';
import UpcomingEventsWidget from './upcoming-events-widget';

jest.setTimeout(30_000);

const everyone = anEventPage([
  anEvent({ id: 1, title: 'Spring into Java' }),
  anEvent({ id: 2, title: 'Cloud night' }),
  anEvent({ id: 3, title: 'Kotlin evening', cancelled: true }),
  anEvent({ id: 4, title: 'AI breakfast' }),
  anEvent({ id: 5, title: 'Rust meet-up' }),
  anEvent({ id: 6, title: 'Design jam' }),
]);
const noHome = { body: { featuredEvent: null, activeCommunities: [] } };
const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading')
    .map((l) => l.textContent);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('UpcomingEventsWidget', () => {
  it('features the event api/home names to a visitor, with its cover, then the next ones, without cancelled ones', async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({
      'GET api/events': () => answer.promise,
      'GET api/home': { body: { featuredEvent: anEvent({ id: 5, title: 'Rust meet-up' }), activeCommunities: [] } },
    });
    const { container } = renderPage(<UpcomingEventsWidget />);
    expect(screen.getByRole('progressbar', { name: 'Loading upcoming events' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: everyone }));
    const featured = await screen.findByRole('list', { name: 'Featured event' });
    expect(titles(featured)).toEqual(['Rust meet-up']);
    expect(within(featured).getByTestId('generated-cover')).toBeInTheDocument();
    expect(titles(screen.getByRole('list', { name: 'Also coming up' }))).toEqual([
      'Spring into Java',
      'Cloud night',
      'AI breakfast',
    ]);
    expect(screen.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events/event-list');
    expect(api.count('GET api/user/events')).toBe(0);
    expect(api.count('GET api/user/home')).toBe(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("shows a signed-in user their next event, then their communities' events, none repeated", async () => {
    const api = fakeApi({
      'GET api/events': { body: everyone },
      'GET api/user/events?when=upcoming&pageSize=2': {
        body: anEventPage([anEvent({ id: 4, title: 'AI breakfast' })]),
      },
      'GET api/user/home': {
        body: { communityEvents: [anEvent({ id: 6, title: 'Design jam' })], suggestedCommunities: [] },
      },
    });
    const { container } = renderPage(<UpcomingEventsWidget />, {
      user: aUser({ attendingEvents: [{ eventId: 4, eventLocationId: 11, status: 'attending' }] }),
    });
    const mine = await screen.findByRole('list', { name: 'Your next event' });
    expect(titles(mine)).toEqual(['AI breakfast']);
    expect(within(mine).getByText("You're going")).toBeInTheDocument();
    expect(titles(screen.getByRole('list', { name: 'From your communities' }))).toEqual(['Design jam']);
    expect(titles(screen.getByRole('list', { name: 'Also coming up' }))).toEqual(['Spring into Java', 'Cloud night']);
    expect(api.count('GET api/home')).toBe(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('features nothing while a stored session is being restored: a signed-in user never sees the anonymous home', async () => {
    const api = fakeApi({
      'GET api/events': { body: everyone },
      'GET api/home': { body: { featuredEvent: anEvent({ id: 5, title: 'Rust meet-up' }), activeCommunities: [] } },
      'GET api/user/events?when=upcoming&pageSize=2': {
        body: anEventPage([anEvent({ id: 4, title: 'AI breakfast' })]),
      },
      'GET api/user/home': { body: { communityEvents: [], suggestedCommunities: [] } },
    });
    const { store } = renderPage(<UpcomingEventsWidget />, { status: 'loading' });
    // The list has answered; still the placeholder, and the anonymous home is not even asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.count('GET api/events')).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar', { name: 'Loading upcoming events' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Featured event' })).toBeNull();
    expect(api.count('GET api/home')).toBe(0);
    // The session is restored: the user's own home.
    act(() => {
      store.set(userInfoAtom, aUser());
      store.set(authStatusAtom, 'loggedIn');
    });
    expect(titles(await screen.findByRole('list', { name: 'Your next event' }))).toEqual(['AI breakfast']);
    expect(screen.queryByRole('list', { name: 'Featured event' })).toBeNull();
  });

  it('offers a signed-in user without plans a way to find an event', async () => {
    fakeApi({
      'GET api/events': { body: everyone },
      'GET api/user/events?when=upcoming&pageSize=2': { body: anEventPage([]) },
      'GET api/user/home': { body: { communityEvents: [], suggestedCommunities: [] } },
    });
    renderPage(<UpcomingEventsWidget />, { user: aUser() });
    expect(await screen.findByText('Nothing planned yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find one to join' })).toHaveAttribute('href', '/events/event-list');
  });

  it('says when nothing is coming up', async () => {
    fakeApi({ 'GET api/events': { body: anEventPage([]) }, 'GET api/home': noHome });
    renderPage(<UpcomingEventsWidget />);
    expect(await screen.findByText('No upcoming events yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all events' })).toBeInTheDocument();
  });

  it('still lists the next events when the featured one cannot be read', async () => {
    fakeApi({
      'GET api/events': { body: everyone },
      'GET api/home': { status: 500, body: { message: 'x', details: [] } },
    });
    renderPage(<UpcomingEventsWidget />);
    const list = await screen.findByRole('list', { name: 'Next events' });
    expect(titles(list)).toEqual(['Spring into Java', 'Cloud night', 'AI breakfast', 'Rust meet-up']);
  });

  it('shows the normalised message with Retry', async () => {
    const api = fakeApi({
      'GET api/events': { status: 500, body: { message: 'Database down', details: [] } },
      'GET api/home': noHome,
    });
    renderPage(<UpcomingEventsWidget />);
    expect(await screen.findByText('Could not load the upcoming events')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    api.set({ 'GET api/events': { body: everyone } });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Next events' })).toBeInTheDocument();
  });

  it("draws the page's answers on its first render, over the frame the HTML painted (issues 24 and 27)", () => {
    const home = {
      featuredEvent: anEvent({ id: 5, title: 'Rust meet-up', imageUrl: 'https://img.example/r.svg' }),
      activeCommunities: [],
    };
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = firstReadsElementId;
    block.textContent = JSON.stringify({ 'api/events?pageSize=6': everyone, 'api/home': home });
    document.head.append(block);
    forgetFirstReads();
    try {
      const api = fakeApi({});
      renderPage(<UpcomingEventsWidget />);
      // No placeholder in between: the featured event at once, its cover asked for first.
      const featured = screen.getByRole('list', { name: 'Featured event' });
      expect(titles(featured)).toEqual(['Rust meet-up']);
      expect(featured.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(api.count('GET api/home')).toBe(0);
      expect(api.count('GET api/events?pageSize=6')).toBe(0);
    } finally {
      block.remove();
      forgetFirstReads();
    }
  });
});
