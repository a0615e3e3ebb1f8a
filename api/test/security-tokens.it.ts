/**
 * Security probes (issue 9, finding 7): a disabled or revoked account loses access at its next
 * request, not when its ID token expires. Accounts changed through firebase-admin, as an operator would.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Auth } from 'firebase-admin/auth';
import { createIdentityProvider } from '../src/auth/verify-id-token.ts';
import { call, emulatorHost, signUp, startTestApi, uniqueEmail, type TestApi } from './helpers/test-env.ts';

describe('security: disabled and revoked accounts are refused at once', () => {
  let api: TestApi;
  let admin: Auth;
  const member = async () => {
    const account = await signUp(uniqueEmail('revoke'), { displayName: 'Gone, Gil' });
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token: account.token })).json, 1);
    assert.equal((await call(api.url, 'PUT', '/api/communitymembership/7', { token: account.token })).status, 200);
    return account;
  };

  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
    admin = createIdentityProvider({ projectId: 'demo-hub', emulatorHost: emulatorHost() }).auth;
  });
  after(async () => {
    await api?.close();
  });

  it('a disabled account gets 401 on its next write and privileged read, and sync answers 4', async () => {
    const { uid, token } = await member();
    await admin.updateUser(uid, { disabled: true });
    const write = await call(api.url, 'DELETE', '/api/communitymembership/7', { token });
    assert.equal(write.status, 401, write.text);
    assert.deepEqual(write.json, { message: 'Invalid or expired ID token', details: [] });
    assert.equal((await call(api.url, 'GET', '/api/user', { token })).status, 401);
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token })).json, 4);
    // Public reads ignore the token rather than refuse it.
    assert.equal((await call(api.url, 'GET', '/api/community/7', { token })).status, 200);

    await admin.updateUser(uid, { disabled: false });
    assert.equal((await call(api.url, 'DELETE', '/api/communitymembership/7', { token })).status, 200);
  });

  it('tokens issued before revokeRefreshTokens are refused with 401', async () => {
    const { uid, token } = await member();
    // Revocation is recorded in whole seconds: the token must be from an earlier second.
    await new Promise((r) => setTimeout(r, 1100));
    await admin.revokeRefreshTokens(uid);
    assert.equal((await call(api.url, 'DELETE', '/api/communitymembership/7', { token })).status, 401);
    assert.equal((await call(api.url, 'GET', '/api/user', { token })).status, 401);
  });
});
