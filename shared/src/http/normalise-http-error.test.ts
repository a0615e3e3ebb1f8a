import { ApiError } from './normalised-error';
import { normaliseHttpFailure, toNormalisedError } from './normalise-http-error';

describe('normaliseHttpFailure', () => {
  it("keeps the server's details even when offline replaces the message", () => {
    expect(normaliseHttpFailure(400, { message: 'Bad', details: ['x'] }, null, true)).toEqual({
      message: 'No network connection.',
      details: ['x'],
      status: 400,
      raw: { message: 'Bad', details: ['x'] },
      error: null,
    });
  });
});

describe('toNormalisedError', () => {
  it('gives an ApiError its own normalised object', () => {
    const normalised = { message: 'Community not found', details: [], status: 404, raw: {}, error: null };
    expect(toNormalisedError(new ApiError(normalised, 'http'))).toEqual(normalised);
  });

  it("gives anything else 'An unknown error occurred'", () => {
    const thrown = new Error('auth/wrong-password');
    expect(toNormalisedError(thrown)).toEqual({
      message: 'An unknown error occurred',
      details: [],
      status: null,
      raw: undefined,
      error: thrown,
    });
  });
});

describe('ApiError.reportable', () => {
  const base = { message: 'm', details: [], raw: undefined, error: null };
  it.each([
    [404, 'http', false],
    [500, 'http', true],
    [null, 'timeout', true],
    [null, 'aborted', false],
  ] as const)('status %p kind %s → %s', (status, kind, reportable) => {
    expect(new ApiError({ ...base, status }, kind).reportable).toBe(reportable);
  });
});
