/**
 * Test stand-ins for `global.fetch` (a copy of shared's test helper: apps do not import shared's
 * files). The tests control exactly what the "server" answers.
 */
export interface FakeAnswer {
  status?: number;
  /** An object is sent as JSON; a string as text/plain. */
  body?: unknown;
}

export function fakeResponse({ status = 200, body }: FakeAnswer = {}): Response {
  const isText = typeof body === 'string' || body === undefined;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': type }),
    text: async () => text,
  } as unknown as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;

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
    if (route === undefined) return Promise.resolve(fakeResponse({ status: 404, body: { message: 'Not found', details: [] } }));
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
