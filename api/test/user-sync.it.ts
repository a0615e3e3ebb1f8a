/** POST api/user/sync: every code of SPEC.md §3 under its documented condition, with emulator accounts and a Graph peer. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, deleteAccount, signUp, startTestApi, tokenFor, uniqueEmail, type TestApi } from './helpers/test-env.ts';
import { startGraphStub, type GraphStub } from './helpers/graph-stub.ts';

describe('user sync codes', () => {
  let api: TestApi;
  let graph: GraphStub;
  const sync = async (token: string, msfAccessToken: string | null = null) => {
    const answer = await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken } });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as number;
  };

  before(async () => {
    graph = await startGraphStub();
    api = await startTestApi({ kind: 'pglite', config: { graphUrl: graph.url } });
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

  it('1 with a valid work-account token gives the Capgemini role; 2 upgrades an existing External user', async () => {
    const staffEmail = uniqueEmail('jane.doe');
    graph.profiles.set('work-token-1', {
      id: 'oid-1',
      mail: staffEmail,
      userPrincipalName: staffEmail,
      givenName: 'Jane',
      surname: 'Doe',
    });
    const staff = await signUp(staffEmail, { displayName: '' });
    assert.equal(await sync(staff.token, 'work-token-1'), 1);
    const info = (await call(api.url, 'GET', '/api/user', { token: staff.token })).json;
    assert.deepEqual(info.roles, [2]);
    assert.deepEqual(info.permissions, [2, 3]);
    assert.equal(info.firstName, 'Jane', 'names fall back to the Graph profile');

    const laterEmail = uniqueEmail('john.smith');
    const later = await signUp(laterEmail, { displayName: 'Smith, John' });
    assert.equal(await sync(later.token), 1);
    graph.profiles.set('work-token-2', { id: 'oid-2', mail: laterEmail.toUpperCase(), userPrincipalName: null });
    assert.equal(await sync(later.token, 'work-token-2'), 2);
    assert.deepEqual((await call(api.url, 'GET', '/api/user', { token: later.token })).json.roles, [2]);
    assert.equal(await sync(later.token, 'work-token-2'), 0);
    assert.equal(await sync(later.token, null), 0, 'a plain sign-in never downgrades staff');
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

    graph.profiles.set('someone-else', {
      id: 'oid-3',
      mail: 'someone.else@corp.test',
      userPrincipalName: 'someone.else@corp.test',
    });
    const other = await signUp(uniqueEmail('mismatch'));
    assert.equal(await sync(other.token, 'someone-else'), 5);
  });

  it('6 when the work-account token is rejected or Graph is unreachable; nothing changes', async () => {
    const { token } = await signUp(uniqueEmail('rejected'));
    assert.equal(await sync(token, 'not-a-valid-graph-token'), 6);
    assert.equal((await call(api.url, 'GET', '/api/user', { token })).status, 403, 'no account was made');
    const unreachable = await startTestApi({ kind: 'pglite', seed: false, config: { graphUrl: 'http://127.0.0.1:9' } });
    try {
      const answer = await call(unreachable.url, 'POST', '/api/user/sync', {
        token,
        body: { msfAccessToken: 'anything' },
      });
      assert.equal(answer.json, 6);
    } finally {
      await unreachable.close();
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
