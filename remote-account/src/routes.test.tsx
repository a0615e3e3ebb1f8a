import { remotePageKeys } from '@hub/shared';
import routes, { build, pages } from './routes';

describe('account remote routes module', () => {
  it('exposes exactly the page keys of the remote contract, emailAction included', () => {
    expect(Object.keys(pages).sort()).toEqual([...remotePageKeys.account].sort());
    expect(remotePageKeys.account).toContain('emailAction');
  });

  it('names its remote and build', () => {
    expect(build).toEqual({ remote: 'account', buildId: 'test-build' });
    expect(routes.pages).toBe(pages);
  });
});
