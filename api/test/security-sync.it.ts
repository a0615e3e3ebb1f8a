/**
 * Security probes of `POST api/user/sync` (issue 9, finding 1): a database row is mapped to the caller
 * by e-mail only when the caller's address is verified, and never taken from a living account.
 * Issue 23: a work-account token makes its holder staff only for a work sign-in of the company's own
 * tenant, client and domains. Real emulator accounts throughout; each refusal is code 5 and must
 * leave everything unchanged.
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
import {
  FOREIGN_TENANT,
  COMPANY_TENANT,
  newOid,
  signInWithIdp,
  startWorkIdpStub,
  type WorkIdpStub,
} from './helpers/work-idp-stub.ts';

describe('security: sync maps rows by e-mail only for verified, unclaimed addresses', () => {
  let api: TestApi;
  let lead: string;
  let idp: WorkIdpStub;
  const sync = async (token: string, work: { msfAccessToken?: string; msfIdToken?: string } = {}) => {
    const answer = await call(api.url, 'POST', '/api/user/sync', {
      token,
      body: { msfAccessToken: null, ...work },
    });
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
    idp = await startWorkIdpStub();
    api = await startTestApi({ kind: 'pglite', config: { graphUrl: idp.url, workAccount: idp.settings } });
    lead = await tokenFor('lead@hub.test');
  });
  after(async () => {
    await api?.close();
    await idp?.close();
  });

  /** Work tokens for `email` as the provider would issue them (claims overridable), with a Graph profile. */
  const workTokens = async (
    email: string,
    claims: Record<string, unknown> = {},
    opts: { key?: 'other'; graphId?: string } = {},
  ) => {
    const oid = newOid();
    const msfIdToken = await idp.idToken({ oid, email, name: 'Intruder, Ivy', ...claims }, opts);
    const msfAccessToken = `access-${oid}`;
    idp.profiles.set(msfAccessToken, { id: opts.graphId ?? oid, mail: email, userPrincipalName: email });
    return { msfIdToken, msfAccessToken, oid };
  };
  /** Nothing changed: no account row (GET api/user 403), and a pending seat is still pending. */
  const unchanged = async (token: string, pendingSeat?: string) => {
    assert.equal((await call(api.url, 'GET', '/api/user', { token })).status, 403, 'no row, no role');
    if (pendingSeat) assert.equal((await seatOf(pendingSeat))?.pending, true, 'the seat still waits for its owner');
  };

  it('an unverified password account posting a valid work token of its address gets 5: no staff, no seat', async () => {
    const email = uniqueEmail('noauth-password');
    await appointPending(email);
    const intruder = await signUp(email, { verified: false });
    const work = await workTokens(email);
    // Today's client shape, and with the ID token: both refused, the password sign-in is not a work sign-in.
    assert.equal(await sync(intruder.token, { msfAccessToken: work.msfAccessToken }), 5);
    assert.equal(await sync(intruder.token, work), 5);
    await unchanged(intruder.token, email);
    // A verified password account is no work sign-in either: External at most, never staff.
    await updateAccount(intruder.uid, { emailVerified: true });
    assert.equal(await sync(intruder.token, work), 5);
    await unchanged(intruder.token, email);
  });

  it("a foreign tenant's work sign-in gets 5, whatever address its admin set (nOAuth)", async () => {
    for (const email of [uniqueEmail('foreign-corp'), uniqueEmail('foreign-seat')]) {
      await appointPending(email);
      const work = await workTokens(email, { tid: FOREIGN_TENANT });
      const account = await signInWithIdp(work.msfIdToken);
      assert.equal(await sync(account.token, work), 5);
      await unchanged(account.token, email);
    }
    // The foreign tenant's token with the company's issuer, or the company's tid with the foreign issuer.
    for (const claims of [
      { tid: FOREIGN_TENANT, iss: `${idp.url}/${COMPANY_TENANT}/v2.0` },
      { tid: COMPANY_TENANT, iss: `${idp.url}/${FOREIGN_TENANT}/v2.0` },
    ]) {
      const work = await workTokens(uniqueEmail('foreign-issuer'), claims);
      const account = await signInWithIdp(work.msfIdToken);
      assert.equal(await sync(account.token, work), 5, JSON.stringify(claims));
      await unchanged(account.token);
    }
  });

  it('a work sign-in with another provider, audience, key, object id, expiry or domain gets 5', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, () => Promise<{ token: string; work: { msfAccessToken: string; msfIdToken?: string } }>][] = [
      [
        'signed in with another Firebase provider',
        async () => {
          const work = await workTokens(uniqueEmail('provider'));
          return { token: (await signInWithIdp(work.msfIdToken, 'oidc.other')).token, work };
        },
      ],
      [
        'an ID token for another client (audience)',
        async () => {
          const work = await workTokens(uniqueEmail('audience'), { aud: 'someone-elses-app' });
          return { token: (await signInWithIdp(work.msfIdToken)).token, work };
        },
      ],
      [
        'an ID token signed with a key the provider does not publish',
        async () => {
          const work = await workTokens(uniqueEmail('key'), {}, { key: 'other' });
          return { token: (await signInWithIdp(work.msfIdToken)).token, work };
        },
      ],
      [
        'an expired ID token',
        async () => {
          const work = await workTokens(uniqueEmail('expired'), { iat: now - 7200, exp: now - 3600 });
          return { token: (await signInWithIdp(work.msfIdToken)).token, work };
        },
      ],
      [
        "the Graph profile is another directory object than the ID token's oid",
        async () => {
          const work = await workTokens(uniqueEmail('oid'), {}, { graphId: newOid() });
          return { token: (await signInWithIdp(work.msfIdToken)).token, work };
        },
      ],
      [
        'an address outside the company domains',
        async () => {
          const work = await workTokens(`${uniqueEmail('domain').split('@')[0]}@elsewhere.example`);
          return { token: (await signInWithIdp(work.msfIdToken)).token, work };
        },
      ],
      [
        'another work identity’s ID token than the one the Firebase account signed in with',
        async () => {
          const email = uniqueEmail('swap');
          const own = await workTokens(email);
          const other = await workTokens(email);
          return { token: (await signInWithIdp(own.msfIdToken)).token, work: { ...own, msfIdToken: other.msfIdToken } };
        },
      ],
      [
        'no ID token beside the access token',
        async () => {
          const work = await workTokens(uniqueEmail('no-id-token'));
          return {
            token: (await signInWithIdp(work.msfIdToken)).token,
            work: { msfAccessToken: work.msfAccessToken },
          };
        },
      ],
    ];
    for (const [what, make] of cases) {
      const { token, work } = await make();
      assert.equal(await sync(token, work), 5, what);
      await unchanged(token);
    }
  });

  it('the same work sign-in of the company tenant is staff (1): the probes above fail on their one difference', async () => {
    const work = await workTokens(uniqueEmail('company'));
    const account = await signInWithIdp(work.msfIdToken);
    assert.equal(await sync(account.token, work), 1);
    assert.deepEqual((await call(api.url, 'GET', '/api/user', { token: account.token })).json.roles, [2]);
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
