import { setAppConfig } from '../config/app-config';
import { apiFetch } from '../http/api-fetch';
import { setUpAnonymousFetch } from '../testing/anonymous-fetch-setup';
import { fakeResponse, stubFetch, type FetchMock } from '../testing/fake-fetch';
import { installErrorReporter, type ErrorReporter } from './error-reporter';

setUpAnonymousFetch();

const ENDPOINT = 'http://api.test/api/client-errors';

interface Posted {
  reports: Record<string, unknown>[];
}

/** The batches posted to the endpoint. */
const posted = (mock: FetchMock): Posted[] =>
  mock.mock.calls
    .filter(([url]) => String(url) === ENDPOINT)
    .map(([, init]) => {
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
      expect(init?.keepalive).toBe(true);
      return JSON.parse(String(init?.body)) as Posted;
    });
const reports = (mock: FetchMock) => posted(mock).flatMap((p) => p.reports);

function throwInPage(error: Error, filename = 'http://localhost:3001/remote-events/main.js?v=3') {
  window.dispatchEvent(
    new ErrorEvent('error', { error, message: error.message, filename, lineno: 3, colno: 14, cancelable: true }),
  );
}
/** jsdom reports an error event nobody handled as the test's own failure: this test handles them all. */
const handled = (event: Event) => event.preventDefault();
beforeAll(() => window.addEventListener('error', handled));
afterAll(() => window.removeEventListener('error', handled));

describe('error reporter', () => {
  let reporter: ErrorReporter | undefined;
  let fetchMock: FetchMock;
  const install = (maxReports?: number) =>
    (reporter = installErrorReporter({
      endpoint: ENDPOINT,
      build: '20261127T1000Z-b1',
      appOf: ({ source }) => (source?.startsWith('http://localhost:3001/') ? 'events' : 'host'),
      ...(maxReports ? { maxReports } : {}),
    }));

  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    fetchMock = stubFetch((url) =>
      Promise.resolve(
        url.includes('/api/broken')
          ? fakeResponse({ status: 503, body: { message: 'down', details: [] } })
          : url.endsWith('/api/missing')
            ? fakeResponse({ status: 404, body: { message: 'no', details: [] } })
            : fakeResponse({ status: 204 }),
      ),
    );
    window.history.replaceState(null, '', '/my-account?email=jane.doe@corp.test');
  });
  afterEach(() => {
    reporter?.uninstall();
    reporter = undefined;
  });

  it('reports an uncaught error with its app, build and page, scrubbed', () => {
    install();
    const error = new Error('no profile for jane.doe@corp.test');
    throwInPage(error);
    reporter!.flush();
    expect(reports(fetchMock)).toEqual([
      {
        kind: 'error',
        app: 'events',
        build: '20261127T1000Z-b1',
        page: '/my-account',
        message: 'Error: no profile for [email]',
        stack: expect.not.stringContaining('jane.doe') as unknown,
        source: 'http://localhost:3001/remote-events/main.js',
        line: 3,
        column: 14,
      },
    ]);
  });

  it('sends a throwing loop once, then only its count, and never more than its cap', () => {
    install(5);
    for (let i = 0; i < 1000; i++) throwInPage(new Error('render loop'));
    reporter!.flush();
    for (let i = 0; i < 500; i++) throwInPage(new Error('render loop'));
    reporter!.flush();
    const sent = reports(fetchMock);
    expect(sent.map((r) => r.repeats)).toEqual([undefined, 999, 500]);
    for (let i = 0; i < 50; i++) throwInPage(new Error(`distinct ${i}`));
    reporter!.flush();
    expect(reports(fetchMock)).toHaveLength(5);
    expect(posted(fetchMock).every((p) => p.reports.length <= 10)).toBe(true);
  });

  it('batches what a moment brings into one request of at most ten', () => {
    install();
    for (let i = 0; i < 12; i++) throwInPage(new Error(`e${i}`));
    reporter!.flush();
    expect(posted(fetchMock).map((p) => p.reports.length)).toEqual([10, 2]);
  });

  it('reports unhandled rejections, but not an API failure apiFetch already judged', () => {
    install();
    const rejection = (reason: unknown) =>
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    rejection(new TypeError('x is undefined'));
    rejection({ reportable: false, status: 404, message: 'Not found' });
    reporter!.flush();
    expect(reports(fetchMock)).toEqual([
      expect.objectContaining({ kind: 'unhandledrejection', app: 'host', message: 'TypeError: x is undefined' }),
    ]);
  });

  it("reports the API failures apiFetch marks reportable (5xx), not the caller's (4xx)", async () => {
    install();
    await expect(apiFetch('api/broken?q=jane.doe@corp.test')).rejects.toThrow();
    await expect(apiFetch('api/missing')).rejects.toThrow();
    reporter!.flush();
    expect(reports(fetchMock)).toEqual([
      expect.objectContaining({ kind: 'api', status: 503, message: 'GET api/broken failed (503): down' }),
    ]);
  });

  it('sends nothing once uninstalled, and its own failure is never reported', async () => {
    install();
    reporter!.uninstall();
    throwInPage(new Error('after'));
    expect(reports(fetchMock)).toEqual([]);
    fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    install();
    throwInPage(new Error('while offline'));
    reporter!.flush();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
