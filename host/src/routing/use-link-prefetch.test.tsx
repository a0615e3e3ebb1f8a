import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { prefetchRoute } from './route-prefetch';
import { forEachInIdleSlices, useLinkPrefetch } from './use-link-prefetch';
import { buildRouteTable } from './route-table';

jest.mock('./route-prefetch', () => ({ prefetchRoute: jest.fn(() => null) }));
jest.mock('../federation/remote-registry', () => ({
  isRemoteEntered: (remote: string) => remote === 'events',
  onRemoteEntered: () => () => undefined,
}));
const prefetchMock = prefetchRoute as jest.MockedFunction<typeof prefetchRoute>;
const table = buildRouteTable();

function Page() {
  useLinkPrefetch(table);
  return (
    <>
      <Link to="/events/event-list">
        <span>Events</span>
      </Link>
      <Link to="/community/1">A community</Link>
      <a href="https://elsewhere.test/page">Elsewhere</a>
      <a href="/files/report.pdf" download>
        Report
      </a>
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }]);
  render(<RouterProvider router={router} />);
}

const calls = () => prefetchMock.mock.calls.map(([, url, options]) => [url.pathname, options.data]);

beforeEach(() => {
  jest.useFakeTimers();
  prefetchMock.mockClear();
});
afterEach(() => {
  jest.useRealTimers();
  delete (navigator as { connection?: unknown }).connection;
});

/** The Network Information API as Chromium reports it. */
const connection = (value: { saveData?: boolean; effectiveType?: string }) =>
  Object.defineProperty(navigator, 'connection', { configurable: true, value });

describe('useLinkPrefetch', () => {
  it('prefetches code and data when a link of the site is pointed at or focused, once per link', () => {
    renderPage();
    fireEvent.pointerOver(screen.getByText('Events'));
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Events' }));
    fireEvent.focusIn(screen.getByRole('link', { name: 'A community' }));
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Report' }));
    expect(calls()).toEqual([
      ['/events/event-list', true],
      ['/community/1', true],
    ]);
  });

  it("warms the page's links (code only, entered remotes only) once the page has settled", () => {
    renderPage();
    expect(prefetchMock).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1500));
    expect(calls()).toEqual([
      ['/events/event-list', false],
      ['/community/1', false],
    ]);
    const { enteredOnly } = prefetchMock.mock.calls[0]![2];
    expect(['events', 'communities', 'admin'].filter((r) => enteredOnly!(r as never))).toEqual(['events']);
  });

  it.each([
    ['saving data', { saveData: true, effectiveType: '4g' }],
    ['on 2G', { saveData: false, effectiveType: '2g' }],
    ['on slow 2G', { effectiveType: 'slow-2g' }],
  ])('does not warm while the visitor is %s, but a link pointed at is still fetched (issue 23)', (_label, value) => {
    connection(value);
    renderPage();
    act(() => jest.advanceTimersByTime(5000));
    expect(prefetchMock).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Events' }));
    expect(calls()).toEqual([['/events/event-list', true]]);
  });

  it('warms on a 3G or faster connection that saves nothing', () => {
    connection({ saveData: false, effectiveType: '3g' });
    renderPage();
    act(() => jest.advanceTimersByTime(1500));
    expect(calls()).toHaveLength(2);
  });
});

describe('forEachInIdleSlices', () => {
  /** requestIdleCallback as a browser runs it, each idle period with the time `remaining` gives. */
  function idlePeriods(remaining: () => number) {
    const pending: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => pending.push(callback);
    window.cancelIdleCallback = (handle) => void (pending[handle - 1] = () => undefined);
    return {
      /** Runs the next idle period; false when nothing was waiting for one. */
      run: () => {
        const callback = pending.shift();
        callback?.({ didTimeout: false, timeRemaining: remaining });
        return callback !== undefined;
      },
    };
  }
  afterEach(() => {
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  });

  it('does as many items as an idle period has time for, then yields until the next one', () => {
    let time = 9;
    const idle = idlePeriods(() => time);
    const done: number[] = [];
    forEachInIdleSlices([1, 2, 3, 4, 5], (n) => {
      done.push(n);
      time -= 5;
    });
    expect(done).toEqual([]);
    idle.run();
    expect(done).toEqual([1, 2]);
    time = 0;
    idle.run();
    // An idle period with no time left still does one item, so the work always ends.
    expect(done).toEqual([1, 2, 3]);
    idle.run();
    idle.run();
    expect(done).toEqual([1, 2, 3, 4, 5]);
    expect(idle.run()).toBe(false);
  });

  it('stops when cancelled', () => {
    const idle = idlePeriods(() => 0);
    const done: number[] = [];
    const cancel = forEachInIdleSlices([1, 2, 3], (n) => done.push(n));
    idle.run();
    cancel();
    while (idle.run());
    expect(done).toEqual([1]);
  });

  it('without requestIdleCallback, does one item per task', () => {
    const done: number[] = [];
    forEachInIdleSlices([1, 2, 3], (n) => done.push(n));
    act(() => jest.advanceTimersByTime(1));
    expect(done).toEqual([1]);
    act(() => jest.advanceTimersByTime(10));
    expect(done).toEqual([1, 2, 3]);
  });
});
