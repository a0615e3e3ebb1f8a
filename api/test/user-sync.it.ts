/**
 * POST api/user/sync: every code of SPEC.md §3 under its documented condition, with emulator accounts
 * and a work identity provider peer (signed ID tokens, Graph /me).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, deleteAccount, signUp, startTestApi, tokenFor, uniqueEmail, type TestApi } from './helpers/test-env.ts';
import { newOid, signInWithIdp, startWorkIdpStub, type WorkIdpStub } from './helpers/work-idp-stub.ts';

describe('user sync codes', () => {
  let api: TestApi;
  let graph: WorkIdpStub;
  const sync = async (token: string, msfAccessToken: string | null = null, msfIdToken?: string) => {
    const answer = await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken, msfIdToken } });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as number;
  };
  /** A work sign-in of the company tenant: Firebase token, ID token and a Graph access token for `profile`. */
  const workSignIn = async (email: string, profile: Record<string, unknown> = {}) => {
    const oid = newOid();
    const idToken = await graph.idToken({ oid, email, name: 'Doe, Jane' });
    const accessToken = `access-${oid}`;
    graph.profiles.set(accessToken, { id: oid, mail: email, userPrincipalName: email, ...profile });
    return { ...(await signInWithIdp(idToken)), idToken, accessToken, oid };
  };

  before(async () => {
    graph = await startWorkIdpStub();
    api = await startTestApi({ kind: 'pglite', config: { graphUrl: graph.url, workAccount: graph.settings } });
  });
  after(async () => {
    await api?.close();
    await graph?.close();
  });

  it('1 creates a new user as External, then 0 when nothing changed', async () => {
    const { token } = await signUp(uniqueEmail('new'), { displayName: 'Doe, Jane' });
    assert.equal(await sync(token), 1);
    const info = (await call(api.url, 'GET', '/api/user', { token })).json;
    assert.equal(info.firstName, 'Jane');
    assert.equal(info.lastName, 'Doe');
    assert.deepEqual(info.roles, [3]);
    assert.deepEqual(info.permissions, [3]);
    assert.equal(await sync(token), 0);
  });

  it('1 with a valid work sign-in gives the Capgemini role; 2 upgrades an External user of that sign-in', async () => {
    const staffEmail = uniqueEmail('jane.doe');
    const staff = await workSignIn(staffEmail, { givenName: 'Jane', surname: 'Doe', city: 'Utrecht' });
    assert.equal(await sync(staff.token, staff.accessToken, staff.idToken), 1);
    const info = (await call(api.url, 'GET', '/api/user', { token: staff.token })).json;
    assert.deepEqual(info.roles, [2]);
    assert.deepEqual(info.permissions, [2, 3]);
    assert.equal(info.city, 'Utrecht');

    // The same work account synced first without its tokens (External), then with them (upgraded).
    const laterEmail = uniqueEmail('john.smith');
    const later = await workSignIn(laterEmail.toUpperCase());
    assert.equal(await sync(later.token), 1);
    assert.deepEqual((await call(api.url, 'GET', '/api/user', { token: later.token })).json.roles, [3]);
    assert.equal(await sync(later.token, later.accessToken, later.idToken), 2);
    assert.deepEqual((await call(api.url, 'GET', '/api/user', { token: later.token })).json.roles, [2]);
    assert.equal(await sync(later.token, later.accessToken, later.idToken), 0);
    assert.equal(await sync(later.token, null), 0, 'a plain sign-in never downgrades staff');
  });

  it('names and city from the identity provider and Graph are cleaned to the profile form’s name format', async () => {
    const email = uniqueEmail('names');
    const oid = newOid();
    // A display name with a direction override, a bell and a zero-width space; Graph names with a NUL.
    const idToken = await graph.idToken({ oid, email, name: 'Do\u202ee\u0007, \u200bJane\u0000' });
    graph.profiles.set(`access-${oid}`, {
      id: oid,
      mail: email,
      givenName: 'J\u0000ane',
      surname: '\u202eEvil',
      city: 'Utr\u0007echt\u200b',
    });
    const account = await signInWithIdp(idToken);
    assert.equal(await sync(account.token, `access-${oid}`, idToken), 1, 'a NUL no longer fails the sync');
    const info = (await call(api.url, 'GET', '/api/user', { token: account.token })).json;
    assert.equal(info.lastName, 'Doe');
    assert.equal(info.firstName, 'Jane');
    assert.equal(info.city, 'Utrecht');

    // Only invisible characters in the display name: the directory's (cleaned) names are used instead.
    const second = uniqueEmail('names-graph');
    const oid2 = newOid();
    const idToken2 = await graph.idToken({ oid: oid2, email: second, name: '\u200b\u202e' });
    graph.profiles.set(`access-${oid2}`, { id: oid2, mail: second, givenName: 'Ana\u0000', surname: 'Li\u0007ma' });
    const account2 = await signInWithIdp(idToken2);
    assert.equal(await sync(account2.token, `access-${oid2}`, idToken2), 1);
    const info2 = (await call(api.url, 'GET', '/api/user', { token: account2.token })).json;
    assert.equal(info2.firstName, 'Ana');
    assert.equal(info2.lastName, 'Lima');

    // A password account's display name goes through the same rule.
    const plain = await signUp(uniqueEmail('names-plain'), { displayName: 'Sm\u0000ith\u2066, Jo\u001bhn' });
    assert.equal(await sync(plain.token), 1);
    const info3 = (await call(api.url, 'GET', '/api/user', { token: plain.token })).json;
    assert.equal(info3.firstName, 'John');
    assert.equal(info3.lastName, 'Smith');
  });

  it('3 maps a user pre-provisioned by e-mail (appointed core member before first sign-in)', async () => {
    const email = uniqueEmail('pre');
    const lead = await tokenFor('lead@hub.test');
    const appointed = await call(api.url, 'POST', '/api/community/1/core-members', { token: lead, body: { email } });
    assert.equal(appointed.status, 201);
    assert.equal(appointed.json.pending, true);
    const { token, uid } = await signUp(email, { displayName: 'Pre, Paula' });
    assert.equal(await sync(token), 3);
    const info = (await call(api.url, 'GET', '/api/user', { token })).json;
    assert.equal(info.userId, uid);
    assert.deepEqual(info.coreMemberOfCommunities, [{ communityId: 1, responsibleForCommunity: false }]);
    assert.deepEqual(info.memberOfCommunities, [{ communityId: 1 }]);
    assert.deepEqual(info.roles, [1, 3]);
    assert.deepEqual(info.permissions, [1, 3]);
    assert.equal(await sync(token), 0);
  });

  it('4 when the token belongs to an account that no longer exists', async () => {
    const { token, uid } = await signUp(uniqueEmail('gone'));
    await deleteAccount(uid);
    assert.equal(await sync(token), 4);
  });

  it('5 for an unverified password account, and for a work token of another address', async () => {
    const unverified = await signUp(uniqueEmail('unverified'), { verified: false });
    assert.equal(await sync(unverified.token), 5);
    assert.equal(
      (await call(api.url, 'GET', '/api/user', { token: unverified.token })).status,
      403,
      'no account was made',
    );

    const other = await workSignIn(uniqueEmail('mismatch'));
    graph.profiles.set(other.accessToken, {
      id: other.oid,
      mail: 'someone.else@corp.test',
      userPrincipalName: 'someone.else@corp.test',
    });
    assert.equal(await sync(other.token, other.accessToken, other.idToken), 5);
  });

  it('6 when the work-account token is rejected or Graph is unreachable; nothing changes', async () => {
    const { token, idToken } = await workSignIn(uniqueEmail('rejected'));
    assert.equal(await sync(token, 'not-a-valid-graph-token', idToken), 6);
    assert.equal((await call(api.url, 'GET', '/api/user', { token })).status, 403, 'no account was made');
    const unreachable = await startTestApi({
      kind: 'pglite',
      seed: false,
      config: { graphUrl: 'http://127.0.0.1:9', workAccount: graph.settings },
    });
    const keysUnreachable = await startTestApi({
      kind: 'pglite',
      seed: false,
      config: { graphUrl: graph.url, workAccount: { ...graph.settings, jwksUrl: 'http://127.0.0.1:9/keys' } },
    });
    try {
      for (const peer of [unreachable, keysUnreachable]) {
        const answer = await call(peer.url, 'POST', '/api/user/sync', {
          token,
          body: { msfAccessToken: 'anything', msfIdToken: idToken },
        });
        assert.equal(answer.json, 6, answer.text);
      }
    } finally {
      await unreachable.close();
      await keysUnreachable.close();
    }
  });

  it('401 without a token, and accepts an empty or missing msfAccessToken', async () => {
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { body: { msfAccessToken: null } })).status, 401);
    const token = await tokenFor('staff@hub.test');
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token })).json, 0);
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token, body: {} })).json, 0);
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken: 42 } })).status, 400);
  });
});
