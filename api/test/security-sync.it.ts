/**
 * Security probes of `POST api/user/sync` (issue 9, finding 1): a database row is mapped to the caller
 * by e-mail only when the caller's address is verified, and never taken from a living account.
 * Real emulator accounts throughout; each refusal is code 5 and must leave everything unchanged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInWithPassword } from '../../devstack/auth-emulator/index.ts';
import {
  anonymousWithEmail,
  call,
  deleteAccount,
  emulatorHost,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  updateAccount,
  type TestApi,
} from './helpers/test-env.ts';

describe('security: sync maps rows by e-mail only for verified, unclaimed addresses', () => {
  let api: TestApi;
  let lead: string;
  const sync = async (token: string) => {
    const answer = await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken: null } });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as number;
  };
  /** The lead appoints an address that has never signed in: a pending core-member seat of community 1. */
  const appointPending = async (email: string) => {
    const appointed = await call(api.url, 'POST', '/api/community/1/core-members', { token: lead, body: { email } });
    assert.equal(appointed.status, 201, appointed.text);
    assert.equal(appointed.json.pending, true);
  };
  const seatOf = async (email: string) => {
    const list = await call(api.url, 'GET', '/api/community/1/core-members', { token: lead });
    assert.equal(list.status, 200, list.text);
    return (list.json as { email: string; pending: boolean }[]).find((m) => m.email === email);
  };

  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
    lead = await tokenFor('lead@hub.test');
  });
  after(async () => {
    await api?.close();
  });

  it('an anonymous account given a pending core member address gets 5 and no seat', async () => {
    const email = uniqueEmail('seat');
    await appointPending(email);
    const intruder = await anonymousWithEmail(email);
    assert.equal(await sync(intruder.token), 5);
    assert.equal((await call(api.url, 'GET', '/api/user', { token: intruder.token })).status, 403, 'no account');
    assert.equal(
      (await call(api.url, 'GET', '/api/community/1/core-members', { token: intruder.token })).status,
      403,
      'no core-member list with e-mail addresses',
    );
    assert.equal((await seatOf(email))?.pending, true, 'the seat is still waiting for its owner');

    // The owner's first verified sign-in still gets the seat (code 3).
    await deleteAccount(intruder.uid);
    const owner = await signUp(email, { displayName: 'Owner, Olga' });
    assert.equal(await sync(owner.token), 3);
    const info = (await call(api.url, 'GET', '/api/user', { token: owner.token })).json;
    assert.equal(info.userId, owner.uid);
    assert.deepEqual(info.coreMemberOfCommunities, [{ communityId: 1, responsibleForCommunity: false }]);
  });

  it('an unverified password account with a pending address gets 5 until the address is verified', async () => {
    const email = uniqueEmail('unverified-seat');
    await appointPending(email);
    const account = await signUp(email, { verified: false });
    assert.equal(await sync(account.token), 5);
    assert.equal((await call(api.url, 'GET', '/api/user', { token: account.token })).status, 403);
    assert.equal((await seatOf(email))?.pending, true);

    await updateAccount(account.uid, { emailVerified: true });
    assert.equal(await sync(account.token), 3, 'the admin record, not the stale token claim, decides');
    assert.equal((await seatOf(email))?.pending, false);
  });

  it('a second verified account with the address of a row bound to a living account gets 5', async () => {
    const email = uniqueEmail('bound');
    const first = await signUp(email, { displayName: 'First, Fay' });
    assert.equal(await sync(first.token), 1);
    assert.equal((await call(api.url, 'PUT', '/api/communitymembership/7', { token: first.token })).status, 200);
    // The first account moves to another address in the identity provider (not yet synced), which
    // frees the old address there; someone registers it and verifies it.
    const moved = uniqueEmail('moved');
    await updateAccount(first.uid, { email: moved });
    // Changing the address revokes the account's earlier tokens: sign in again, as the app would.
    const firstToken = await signInWithPassword(emulatorHost(), moved);
    const second = await signUp(email, { displayName: 'Second, Sid' });
    assert.equal(await sync(second.token), 5);
    assert.equal((await call(api.url, 'GET', '/api/user', { token: second.token })).status, 403);
    const kept = (await call(api.url, 'GET', '/api/user', { token: firstToken })).json;
    assert.equal(kept.userId, first.uid, 'the row still belongs to the first account');
    assert.ok(kept.memberOfCommunities.some((m: { communityId: number }) => m.communityId === 7));
  });

  it('a re-created account takes over the row of a deleted one (3)', async () => {
    const email = uniqueEmail('recreated');
    const old = await signUp(email, { displayName: 'Again, Abe' });
    assert.equal(await sync(old.token), 1);
    assert.equal((await call(api.url, 'PUT', '/api/communitymembership/7', { token: old.token })).status, 200);
    await deleteAccount(old.uid);
    const renewed = await signUp(email, { displayName: 'Again, Abe' });
    assert.equal(await sync(renewed.token), 3);
    const info = (await call(api.url, 'GET', '/api/user', { token: renewed.token })).json;
    assert.equal(info.userId, renewed.uid);
    assert.ok(info.memberOfCommunities.some((m: { communityId: number }) => m.communityId === 7));
  });

  it('an unverified account never creates a row either, so it cannot squat an address (5)', async () => {
    const email = uniqueEmail('squat');
    const squatter = await anonymousWithEmail(email);
    assert.equal(await sync(squatter.token), 5);
    await deleteAccount(squatter.uid);
    const owner = await signUp(email);
    assert.equal(await sync(owner.token), 1, 'the owner creates their account as if nobody had tried');
  });
});
