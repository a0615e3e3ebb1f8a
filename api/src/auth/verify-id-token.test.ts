import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { identityFrom } from './verify-id-token.ts';

describe('ID token verification', () => {
  // The emulator checks revocation whatever the flag, so only watching the call proves what
  // production does: without checkRevoked a disabled account keeps access until its token expires.
  it('always asks firebase-admin to check revocation and the disabled flag', async () => {
    const calls: unknown[][] = [];
    const auth = {
      verifyIdToken: async (...args: unknown[]) => {
        calls.push(args);
        return { uid: 'u1' } as DecodedIdToken;
      },
    } as unknown as Auth;
    const result = await identityFrom(auth).verify('a.b.c');
    assert.deepEqual(result, { ok: true, token: { uid: 'u1' } });
    assert.deepEqual(calls, [['a.b.c', true]]);
  });

  it('reports why a token was refused', async () => {
    const auth = {
      verifyIdToken: async () => {
        throw Object.assign(new Error('disabled'), { code: 'auth/user-disabled' });
      },
    } as unknown as Auth;
    assert.deepEqual(await identityFrom(auth).verify('a.b.c'), { ok: false, reason: 'auth/user-disabled' });
  });
});
