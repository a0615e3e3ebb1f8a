/**
 * Test-only stand-ins for `global.fetch`: jsdom has no Response, and the tests must control
 * exactly what the "server" answers. Apps' tests import it as '@hub/shared/testing/fake-fetch';
 * it is kept out of the '@hub/shared' barrel, which ships to browsers.
 */

export interface FakeAnswer {
  status?: number;
  /** An object is sent as JSON; a string as text/plain (unless contentType says otherwise). */
  body?: unknown;
  contentType?: string;
}

export function fakeResponse({ status = 200, body, contentType }: FakeAnswer = {}): Response {
  const isText = typeof body === 'string' || body === undefined;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': type }),
    text: async () => text,
  } as unknown as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;

/** Installs a fetch answering each call with `answer` (a function of the call, or a fixed answer). */
export function stubFetch(
  answer: FakeAnswer | ((url: string, init: RequestInit | undefined) => Promise<Response>) = {},
): FetchMock {
  const mock: FetchMock = jest.fn((url: RequestInfo | URL, init: RequestInit | undefined) =>
    typeof answer === 'function' ? answer(String(url), init) : Promise.resolve(fakeResponse(answer)),
  );
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
export function hangingFetch(): FetchMock {
  return stubFetch(
    (_url, init) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
}

/** The header a request was sent with. */
export function sentHeader(mock: FetchMock, name: string, call = 0): string | null {
  return new Headers(mock.mock.calls[call]?.[1]?.headers).get(name);
}
