import { ApiError, IdentityError } from '@hub/shared';
import { describeProblem, identityCodeOf } from './identity-problem';

const apiError = (status: number, kind: 'http' | 'network' | 'timeout' = 'http') =>
  new ApiError({ message: 'Failed', details: [], status, raw: undefined, error: undefined }, kind);

describe('describeProblem', () => {
  it('gives each identity code a title and a body without repeating the standard text', () => {
    const problem = describeProblem(new IdentityError('email-not-verified'));
    expect(problem).toMatchObject({ code: 'email-not-verified', title: 'Your e-mail address is not verified yet' });
    expect(problem.body).not.toContain(problem.title);
  });

  it("uses the identity layer's own, more specific message as the body", () => {
    const problem = describeProblem(
      new IdentityError('network', undefined, 'Your account was created, but the e-mail was not sent.'),
    );
    expect(problem).toMatchObject({
      code: 'network',
      title: 'No connection',
      body: 'Your account was created, but the e-mail was not sent.',
    });
  });

  it('shows the message of an unknown failure with what to do', () => {
    expect(describeProblem(new Error('Boom.')).body).toBe(
      'Boom. Try again in a moment; if it keeps happening, contact the support team.',
    );
    expect(describeProblem(new IdentityError('unknown', undefined, 'Odd.')).body).toBe(
      'Odd. If it keeps happening, contact the support team.',
    );
  });

  it('maps API failures: no network and timeouts, 429, anything else', () => {
    expect(identityCodeOf(apiError(0, 'network'))).toBe('network');
    expect(identityCodeOf(apiError(0, 'timeout'))).toBe('network');
    expect(identityCodeOf(apiError(429))).toBe('too-many-requests');
    expect(identityCodeOf(apiError(500))).toBe('unknown');
  });
});
