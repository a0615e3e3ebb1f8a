/**
 * A stand-in for the API at the `fetch` boundary only: the shared clients, the cache and the error
 * normalisation under test are the real ones. Routes are 'METHOD path' (path without the base
 * address, query string included when the test gives one). The response itself is shared's fake.
 */
import { fakeResponse, type FakeAnswer } from '@hub/shared/testing/fake-fetch';

export type { FakeAnswer };

export type FakeRoute = FakeAnswer | ((init: RequestInit | undefined) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeApi {
  fetch: jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;
  /** How many requests went to 'METHOD path' (query string ignored unless given). */
  count(route: string): number;
  /** The JSON bodies sent to 'METHOD path'. */
  bodies(route: string): unknown[];
  /** The fetch options of each request to 'METHOD path'. */
  inits(route: string): (RequestInit | undefined)[];
  /** Adds or replaces routes. */
  set(routes: Record<string, FakeRoute>): void;
}

/** A promise the test settles itself, for loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function routeOf(url: string, init: RequestInit | undefined): { full: string; bare: string } {
  const parsed = new URL(url);
  const method = (init?.method ?? 'GET').toUpperCase();
  const path = parsed.pathname.replace(/^\/+/, '');
  return { full: `${method} ${path}${parsed.search}`, bare: `${method} ${path}` };
}

/** Installs `global.fetch`; a request to a route the test did not give answers 404 like the API. */
export function installFakeApi(initial: Record<string, FakeRoute> = {}): FakeApi {
  const routes = new Map(Object.entries(initial));
  const calls: { full: string; bare: string; init: RequestInit | undefined }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit | undefined) => {
    const route = routeOf(String(input), init);
    calls.push({ ...route, init });
    const handler = routes.get(route.full) ?? routes.get(route.bare);
    if (!handler) return fakeResponse({ status: 404, body: { message: `No fake for ${route.full}`, details: [] } });
    const answer = typeof handler === 'function' ? await handler(init) : handler;
    return fakeResponse(answer);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const matching = (route: string) => calls.filter((c) => c.full === route || c.bare === route);
  return {
    fetch: fetchMock,
    count: (route) => matching(route).length,
    bodies: (route) => matching(route).map((c) => (typeof c.init?.body === 'string' ? JSON.parse(c.init.body) : c.init?.body)),
    inits: (route) => matching(route).map((c) => c.init),
    set: (more) => {
      for (const [key, value] of Object.entries(more)) routes.set(key, value);
    },
  };
}
