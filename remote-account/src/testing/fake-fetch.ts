import { fakeResponse, type FakeAnswer, type FetchMock } from '@hub/shared/testing/fake-fetch';

/**
 * Routing test stand-ins for `global.fetch`, built on shared's fake response so the tests control
 * exactly what the "server" answers. The response helpers are re-exported for this app's tests.
 */
export { fakeResponse, type FakeAnswer, type FetchMock };

type Route = FakeAnswer | Error | ((init: RequestInit | undefined) => Promise<Response>);

/**
 * Installs a fetch that answers by `METHOD path` (e.g. 'GET api/user'), matched against the end
 * of the URL; an Error entry makes fetch reject like a network failure. Unknown requests get 404.
 */
export function routeFetch(routes: Record<string, Route>): FetchMock {
  const mock: FetchMock = jest.fn((url: RequestInfo | URL, init: RequestInit | undefined) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(String(url)).pathname.replace(/^\/+/, '');
    const route = routes[`${method} ${path}`];
    if (route === undefined)
      return Promise.resolve(fakeResponse({ status: 404, body: { message: 'Not found', details: [] } }));
    if (route instanceof Error) return Promise.reject(route);
    if (typeof route === 'function') return route(init);
    return Promise.resolve(fakeResponse(route));
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The JSON bodies sent to `METHOD path`. */
export function sentBodies(mock: FetchMock, methodAndPath: string): unknown[] {
  const [method, path] = methodAndPath.split(' ');
  return mock.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET').toUpperCase() === method && String(url).endsWith(`/${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}
