/** SPEC §8 "Normalisation of failed HTTP responses", one test per row, through apiFetch with only fetch stubbed. */
import { setAppConfig } from '../config/app-config';
import { apiFetch } from './api-fetch';
import { setIdTokenProvider } from './id-token-provider';
import { ApiError } from './normalised-error';
import { stubFetch } from '../testing/fake-fetch';

let consoleError: jest.SpyInstance;

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch error normalisation (SPEC §8)', () => {
  it('string body: it is the message', async () => {
    stubFetch({ status: 500, body: 'Database is down' });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('Database is down');
    expect(error.details).toEqual([]);
    expect(error.status).toBe(500);
    expect(error.raw).toBe('Database is down');
    expect(error.kind).toBe('http');
  });

  it('object body: its message field is the message and its details list gives the details', async () => {
    const body = {
      message: 'The request is invalid',
      details: ['body/name must not be blank', 'body/countryId is required'],
    };
    stubFetch({ status: 400, body });
    const error = await failureOf(apiFetch('api/community', { method: 'POST', json: {} }));
    expect(error.toNormalised()).toEqual({
      message: 'The request is invalid',
      details: ['body/name must not be blank', 'body/countryId is required'],
      status: 400,
      raw: body,
      error: expect.objectContaining({ status: 400 }),
    });
  });

  it('object body: an errors object is flattened into "<field>: <message>" details', async () => {
    stubFetch({
      status: 422,
      body: { message: 'Validation failed', errors: { Name: ['is required', 'is too short'], Email: 'is invalid' } },
    });
    const error = await failureOf(apiFetch('api/user', { method: 'PUT', json: {} }));
    expect(error.message).toBe('Validation failed');
    expect(error.details).toEqual(['Name: is required', 'Name: is too short', 'Email: is invalid']);
  });

  it("offline: 'No network connection.' whatever the answer", async () => {
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch({ status: 503, body: { message: 'Service Unavailable' } });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('No network connection.');
    expect(error.status).toBe(503);
  });

  it("status 0 (fetch rejects with a TypeError): 'No network connection.'", async () => {
    const networkFailure = new TypeError('Failed to fetch');
    stubFetch(() => Promise.reject(networkFailure));
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('No network connection.');
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
    expect(error.error).toBe(networkFailure);
  });

  it("no message but details: 'Something went wrong. See details for more info.'", async () => {
    stubFetch({ status: 400, body: { details: ['body/email must match format "email"'] } });
    const error = await failureOf(apiFetch('api/user/reset-password', { method: 'POST', json: { email: 'x' } }));
    expect(error.message).toBe('Something went wrong. See details for more info.');
    expect(error.details).toEqual(['body/email must match format "email"']);
  });

  it("no message but an errors object: 'Something went wrong. See details for more info.'", async () => {
    stubFetch({ status: 400, body: { errors: { '': ['The form is incomplete'] } } });
    const error = await failureOf(apiFetch('api/user', { method: 'PUT', json: {} }));
    expect(error.message).toBe('Something went wrong. See details for more info.');
    expect(error.details).toEqual(['The form is incomplete']);
  });

  it.each([
    ['an empty body', undefined],
    ['an object without message or details', { code: 'E42' }],
    ['a blank string', '   '],
  ])("otherwise (%s): 'An unexpected error occurred'", async (_name, body) => {
    stubFetch({ status: 502, body });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('An unexpected error occurred');
    expect(error.details).toEqual([]);
    expect(error.status).toBe(502);
  });

  it('a JSON answer that is not valid JSON is read as text', async () => {
    stubFetch({ status: 500, body: '<html>Bad gateway</html>', contentType: 'application/json' });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('<html>Bad gateway</html>');
  });

  it("non-HTTP error (code throws a TypeError): 'An unknown error occurred'", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const fetchMock = stubFetch();
    const error = await failureOf(apiFetch('api/user', { method: 'PUT', json: cyclic }));
    expect(error.message).toBe('An unknown error occurred');
    expect(error.status).toBeNull();
    expect(error.error).toBeInstanceOf(TypeError);
    expect(error.kind).toBe('unknown');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("non-HTTP error (a success answer that is not valid JSON): 'An unknown error occurred'", async () => {
    stubFetch({ status: 200, body: '{oops', contentType: 'application/json' });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.message).toBe('An unknown error occurred');
    expect(error.error).toBeInstanceOf(SyntaxError);
  });

  it('logs the error, then re-throws it', async () => {
    stubFetch({ status: 404, body: { message: 'Community not found', details: [] } });
    await failureOf(apiFetch('api/community/99'));
    expect(consoleError).toHaveBeenCalledWith('GET api/community/99 failed (404): Community not found', []);
  });

  it.each([
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [499, false],
    [500, true],
    [503, true],
    [0, true],
  ])('status %i is reportable: %s (4xx are not, SPEC §8)', async (status, reportable) => {
    stubFetch(status === 0 ? () => Promise.reject(new TypeError('Failed to fetch')) : { status, body: 'x' });
    const error = await failureOf(apiFetch('api/community'));
    expect(error.reportable).toBe(reportable);
  });
});
