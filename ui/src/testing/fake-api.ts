/**
 * The one fake network of the front-end tests: msw 2 intercepts `fetch` itself, so the shared
 * HTTP client, its cache and its error normalisation under test are the real ones, and a request
 * the test did not expect answers 404 like the API. The server is started for every test by the
 * root jest setup (jest.setup.ts); a test only says what the API answers:
 *
 *   const api = fakeApi({ 'GET api/community/1': { body: community }, 'PUT api/user': () => held.promise });
 *   expect(api.count('GET api/community/1')).toBe(1);
 *
 * A route is 'METHOD path' (the path after the API base address, any origin), optionally with a
 * query string that must then match exactly; a route without one matches any query.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

export interface FakeAnswer {
  status?: number;
  /** An object is sent as JSON; a string as text/plain (unless contentType says otherwise). */
  body?: unknown;
  contentType?: string;
}

/** What a route function is given: the request as the server would see it, and its JSON body. */
export interface FakeCall {
  request: Request;
  body: unknown;
}

/** A fixed answer, an Error (the request fails like a lost network), or a function of the call (rejecting: a lost network too). */
export type FakeRoute = FakeAnswer | Error | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

/** A request the fake API received, as recorded for assertions. */
export interface ReceivedRequest {
  /** 'METHOD path?query' */
  route: string;
  method: string;
  cache: RequestCache;
  headers: Headers;
  body: unknown;
}

export interface FakeApi {
  /** How many requests went to 'METHOD path' (query ignored unless given); all requests when no route is given. */
  count(route?: string): number;
  /** The JSON bodies sent to 'METHOD path'. */
  bodies(route: string): unknown[];
  /** The requests sent to 'METHOD path', in order. */
  requests(route: string): ReceivedRequest[];
  /** Adds routes, or replaces the answer of routes already given. */
  set(routes: Record<string, FakeRoute>): void;
}

/** Anything the test did not route answers like the API does for an unknown path. */
const notFound = http.all('*', ({ request }) =>
  HttpResponse.json(
    { message: `No fake for ${request.method} ${new URL(request.url).pathname}`, details: [] },
    { status: 404 },
  ),
);

/** The msw server; jest.setup.ts starts it before each file and resets its routes after each test. */
export const fakeServer = setupServer(notFound);

const received: ReceivedRequest[] = [];

fakeServer.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: ReceivedRequest = {
    route: `${request.method} ${url.pathname.replace(/^\/+/, '')}${url.search}`,
    method: request.method,
    cache: request.cache,
    headers: request.headers,
    body: undefined,
  };
  received.push(entry);
  void request
    .clone()
    .text()
    .then((text) => {
      entry.body = parseBody(text);
    });
});

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Forgets what was received; called by the jest setup after each test. */
export function resetFakeApi(): void {
  received.length = 0;
  fakeServer.resetHandlers();
}

function toResponse({ status = 200, body, contentType }: FakeAnswer): Response {
  if (body === undefined)
    return new HttpResponse(null, { status, headers: contentType ? { 'content-type': contentType } : {} });
  if (typeof body === 'string') {
    return new HttpResponse(body, { status, headers: { 'content-type': contentType ?? 'text/plain; charset=utf-8' } });
  }
  return HttpResponse.json(body, { status, headers: contentType ? { 'content-type': contentType } : {} });
}

const methods = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

function handlerFor(route: string, answer: FakeRoute): HttpHandler {
  const [method = '', pathAndQuery = ''] = route.split(' ');
  const [path = '', query] = pathAndQuery.split('?');
  const on = methods[method.toUpperCase() as keyof typeof methods];
  if (!on) throw new Error(`fakeApi: unknown method in '${route}'`);
  return on(`*/${path}`, async ({ request }) => {
    // A route with a query answers only that query; msw matches paths alone.
    if (query !== undefined && new URL(request.url).search !== `?${query}`) return undefined;
    if (answer instanceof Error) return HttpResponse.error();
    if (typeof answer !== 'function') return toResponse(answer);
    const body = parseBody(await request.clone().text());
    try {
      return toResponse(await answer({ request, body }));
    } catch {
      // A route function that throws or rejects stands for a lost network, like an Error route.
      return HttpResponse.error();
    }
  });
}

function matches(entry: ReceivedRequest, route: string): boolean {
  return entry.route === route || entry.route.split('?')[0] === route;
}

/** Routes the fake API for this test (routes given later take precedence). */
export function fakeApi(routes: Record<string, FakeRoute> = {}): FakeApi {
  const api: FakeApi = {
    count: (route) => (route === undefined ? received.length : received.filter((e) => matches(e, route)).length),
    bodies: (route) => api.requests(route).map((e) => e.body),
    requests: (route) => received.filter((e) => matches(e, route)),
    set: (more) => {
      // Queries first: msw tries handlers in order, and a bare path would answer every query.
      const entries = Object.entries(more).sort(([a], [b]) => Number(b.includes('?')) - Number(a.includes('?')));
      fakeServer.use(...entries.map(([route, answer]) => handlerFor(route, answer)));
    },
  };
  api.set(routes);
  return api;
}
