import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { inAllowedDomain, signedInWith } from './work-account.ts';

const firebaseToken = (firebase: Record<string, unknown>) => ({ uid: 'u', firebase }) as unknown as DecodedIdToken;

describe('work-account checks', () => {
  it('a domain is allowed only exactly: no subdomain, no look-alike suffix', () => {
    const domains = ['corp.test'];
    assert.equal(inAllowedDomain('jane.doe@corp.test', domains), true);
    assert.equal(inAllowedDomain('JANE@CORP.TEST', domains), true);
    for (const other of ['jane@evil.corp.test', 'jane@corp.test.evil', 'jane@notcorp.test', 'corp.test@evil.test'])
      assert.equal(inAllowedDomain(other, domains), false, other);
  });

  it('the Firebase session must be a sign-in with the work provider, by this identity', () => {
    const ok = firebaseToken({ sign_in_provider: 'oidc.hub-work', identities: { 'oidc.hub-work': ['oid-1'] } });
    assert.equal(signedInWith(ok, 'oidc.hub-work', 'oid-1'), true);
    assert.equal(signedInWith(ok, 'oidc.hub-work', 'oid-2'), false, 'another identity');
    const password = firebaseToken({
      sign_in_provider: 'password',
      identities: { 'oidc.hub-work': ['oid-1'], email: ['jane@corp.test'] },
    });
    assert.equal(signedInWith(password, 'oidc.hub-work', 'oid-1'), false, 'linked, but this session is a password one');
    assert.equal(signedInWith(firebaseToken({ sign_in_provider: 'oidc.hub-work' }), 'oidc.hub-work', 'oid-1'), false);
    assert.equal(signedInWith(firebaseToken({}), 'oidc.hub-work', 'oid-1'), false);
  });
});
