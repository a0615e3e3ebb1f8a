/**
 * `POST api/user/sync`: brings the database in line with the Firebase account behind the ID token.
 * Codes (SPEC.md §3) and their exact conditions, checked in this order:
 *   4 invalid auth user id — the token's uid has no Firebase account (deleted) or it is disabled.
 *   5 invalid email        — the account has no e-mail, an e-mail that is not an address, an address
 *                            that is not verified (whatever the provider: anonymous, password, oidc…),
 *                            a work-account token that is not the company's (auth/work-account.ts: not
 *                            a sign-in with the work provider, no or a foreign, expired or other
 *                            client's ID token, another directory object, an address outside the
 *                            company's domains), a Graph profile (mail / userPrincipalName) of a
 *                            different address, or the address belongs to a row bound to another
 *                            account that still exists. Nothing is changed.
 *   6 error                — the Graph check failed (token rejected, unreachable, malformed answer),
 *                            the work provider's signing keys could not be read, or any unexpected
 *                            failure; nothing is changed.
 *   3 mappings created     — no row has this uid but a row has this e-mail and is either unbound
 *                            (pre-provisioned, e.g. made core member before first sign-in) or bound to
 *                            a uid whose Firebase account no longer exists (an account re-created in
 *                            Firebase): the row is mapped to the uid.
 *   1 user created         — no row has this uid or this e-mail: one is created.
 *   2 user updated         — the uid's row existed and something changed (e-mail, image, empty names
 *                            filled, or the Capgemini role granted by a valid work-account token).
 *   0 no sync needed       — the uid's row existed and nothing changed.
 * New and mapped users get the Capgemini role with a valid work-account token, External otherwise.
 * Names and the city from the identity provider or the directory are cleaned to the profile form's
 * `name` format (a NUL, a BEL or a direction override would otherwise be stored, or fail every sync).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { Role, SyncCode } from '@hub/contract/enums';
import type { GraphProfile } from '../graph/graph-client.ts';
import { cleanName, isImageUrl } from '@hub/contract/text-formats';
import { inAllowedDomain, signedInWith } from '../auth/work-account.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNIQUE_VIOLATION = '23505';

/** SPEC.md §5: the display name is stored as 'lastName, firstName'. */
export function splitDisplayName(displayName: string | undefined): { firstName: string; lastName: string } {
  const name = (displayName ?? '').trim();
  const comma = name.indexOf(',');
  if (comma < 0) return { firstName: cleanName(name, 100), lastName: '' };
  return { firstName: cleanName(name.slice(comma + 1), 100), lastName: cleanName(name.slice(0, comma), 100) };
}

interface Desired {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  imageUrl: string;
  work: GraphProfile | null;
}

/** What the client posts: a work sign-in's access token (Graph) and ID token; both absent otherwise. */
export interface WorkTokens {
  msfAccessToken?: string | null | undefined;
  msfIdToken?: string | null | undefined;
}

export async function syncUser(
  ctx: AppContext,
  token: DecodedIdToken,
  posted: WorkTokens,
  log: (msg: string, err?: unknown) => void,
): Promise<SyncCode> {
  let record: UserRecord;
  try {
    record = await ctx.identity.auth.getUser(token.uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return SyncCode.InvalidAuthUserId;
    log('sync: could not read the Firebase account', error);
    return SyncCode.Error;
  }
  if (record.disabled) return SyncCode.InvalidAuthUserId;

  const email = record.email?.trim().toLowerCase() ?? '';
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return SyncCode.InvalidEmail;
  // Whatever the provider, an unverified address proves nothing: anyone can set any address on an
  // anonymous or password account. Checked on the admin record, not the token claim, which stays
  // stale until the client refreshes it. A valid work-account token is checked against Graph below.
  const verifiedByIdentityProvider = record.emailVerified;

  let work: GraphProfile | null = null;
  if (posted.msfAccessToken) {
    // Outside any transaction: PGlite serialises everything, so no network wait may hold one open.
    const checked = await companyWorkAccount(ctx, token, email, posted.msfAccessToken, posted.msfIdToken, log);
    if (!checked.ok) return checked.code;
    work = checked.profile;
  }
  // The directory vouching for the address (Graph /me of a valid work token) verifies it as well.
  if (!verifiedByIdentityProvider && !work) return SyncCode.InvalidEmail;

  // A row with this address bound to another uid may be taken over only when that account is gone.
  // Asked here, outside the transaction (no network wait may hold one open on PGlite); the
  // transaction re-checks that the row is still bound to the uid that was found gone.
  let rebindFrom: string | null = null;
  const claimed = await ctx.db
    .selectFrom('appUser')
    .select('uid')
    .where(sql`lower(email)`, '=', email)
    .where('uid', 'is not', null)
    .where('uid', '<>', token.uid)
    .executeTakeFirst();
  if (claimed?.uid) {
    const owner = await accountExists(ctx, claimed.uid);
    if (owner === 'unknown') {
      log('sync: could not check the account that holds this address');
      return SyncCode.Error;
    }
    if (owner === 'exists') return SyncCode.InvalidEmail;
    rebindFrom = claimed.uid;
  }

  const names = splitDisplayName(record.displayName);
  const desired: Desired = {
    uid: token.uid,
    email,
    firstName: names.firstName || cleanName(work?.givenName, 100),
    lastName: names.lastName || cleanName(work?.surname, 100),
    // Anyone can set their own photoURL to anything (javascript:, http://…): keep only what the API
    // itself would accept as an image address.
    imageUrl: isImageUrl(record.photoURL ?? '', !ctx.config.production) ? (record.photoURL ?? '').trim() : '',
    work,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => applySync(trx, desired, rebindFrom));
    } catch (error) {
      // Two first syncs of one new account raced: the second sees the first one's row on retry.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt === 0) continue;
      log('sync: database update failed', error);
      return SyncCode.Error;
    }
  }
}

/**
 * The checks of auth/work-account.ts, cheapest first, all before anything is written: a work-account
 * token that is not the company's answers 5 (it is the user's sign-in, not our failure); a provider
 * that cannot be reached answers 6.
 */
async function companyWorkAccount(
  ctx: AppContext,
  token: DecodedIdToken,
  email: string,
  accessToken: string,
  idToken: string | null | undefined,
  log: (msg: string, err?: unknown) => void,
): Promise<{ ok: true; profile: GraphProfile } | { ok: false; code: SyncCode }> {
  const settings = ctx.config.workAccount;
  const refuse = (why: string) => {
    log(`sync: work-account token refused (${why})`);
    return { ok: false as const, code: SyncCode.InvalidEmail };
  };
  if (token.firebase?.sign_in_provider !== settings.providerId)
    return refuse(`signed in with ${token.firebase?.sign_in_provider ?? 'nothing'}, not ${settings.providerId}`);
  if (!idToken) return refuse('no work-account ID token');
  if (!inAllowedDomain(email, settings.domains)) return refuse('address outside the company domains');
  const verified = await ctx.workIdTokens.verify(idToken);
  if (!verified.ok) {
    if (verified.outcome === 'refused') return refuse(verified.reason);
    log(`sync: ${verified.reason}`);
    return { ok: false, code: SyncCode.Error };
  }
  if (!signedInWith(token, settings.providerId, verified.identity.sub))
    return refuse('the ID token is not the one this Firebase account signed in with');
  const result = await ctx.graph.me(accessToken);
  if (!result.ok) {
    log(`sync: work-account token not accepted (${result.reason}: ${result.detail})`);
    return { ok: false, code: SyncCode.Error };
  }
  if (result.profile.id !== verified.identity.oid) return refuse('the Graph profile is another directory object');
  const addresses = [result.profile.mail, result.profile.userPrincipalName]
    .filter(Boolean)
    .map((a) => a!.toLowerCase());
  if (!addresses.includes(email)) return refuse('the Graph profile has another address');
  return { ok: true, profile: result.profile };
}

async function accountExists(ctx: AppContext, uid: string): Promise<'exists' | 'gone' | 'unknown'> {
  try {
    await ctx.identity.auth.getUser(uid);
    return 'exists';
  } catch (error) {
    return (error as { code?: string }).code === 'auth/user-not-found' ? 'gone' : 'unknown';
  }
}

/** rebindFrom: the only uid (checked to have no account any more) whose row may be re-bound. */
async function applySync(trx: Transaction<Database>, d: Desired, rebindFrom: string | null): Promise<SyncCode> {
  const byUid = await trx.selectFrom('appUser').selectAll().where('uid', '=', d.uid).forUpdate().executeTakeFirst();
  if (byUid) {
    let changed = false;
    const patch: Record<string, string> = {};
    if (byUid.email !== d.email) patch['email'] = d.email;
    if (d.imageUrl && byUid.imageUrl !== d.imageUrl) patch['imageUrl'] = d.imageUrl;
    // Names the user edited in their profile win over the identity provider's.
    if (!byUid.firstName && d.firstName) patch['firstName'] = d.firstName;
    if (!byUid.lastName && d.lastName) patch['lastName'] = d.lastName;
    if (Object.keys(patch).length > 0) {
      await trx
        .updateTable('appUser')
        .set({ ...patch, updatedAt: new Date() })
        .where('id', '=', byUid.id)
        .execute();
      changed = true;
    }
    changed = (await settleBaseRole(trx, byUid.id, d.work !== null)) || changed;
    return changed ? SyncCode.UserUpdated : SyncCode.NoSyncNeeded;
  }

  const byEmail = await trx
    .selectFrom('appUser')
    .selectAll()
    .where(sql`lower(email)`, '=', d.email)
    .forUpdate()
    .executeTakeFirst();
  if (byEmail) {
    // Bound since the check above, or to an account that still exists: never taken over.
    if (byEmail.uid !== null && byEmail.uid !== rebindFrom) return SyncCode.InvalidEmail;
    await trx
      .updateTable('appUser')
      .set({
        uid: d.uid,
        email: d.email,
        firstName: byEmail.firstName || d.firstName,
        lastName: byEmail.lastName || d.lastName,
        imageUrl: byEmail.imageUrl || d.imageUrl,
        updatedAt: new Date(),
      })
      .where('id', '=', byEmail.id)
      .execute();
    await settleBaseRole(trx, byEmail.id, d.work !== null);
    return SyncCode.MappingsCreated;
  }

  const created = await trx
    .insertInto('appUser')
    .values({
      uid: d.uid,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      imageUrl: d.imageUrl,
      city: cleanName(d.work?.city, 100) || null,
      businessUnitId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await settleBaseRole(trx, created.id, d.work !== null);
  return SyncCode.UserCreated;
}

/**
 * Every user holds exactly one of Capgemini and External. A valid work-account token upgrades an
 * External user to Capgemini; a plain sign-in never downgrades staff (they may use e-mail and password too).
 */
async function settleBaseRole(trx: Kysely<Database>, userId: number, workAccount: boolean): Promise<boolean> {
  const roles = (await trx.selectFrom('userRole').select('role').where('userId', '=', userId).execute()).map(
    (r) => r.role,
  );
  const hasStaff = roles.includes(Role.Capgemini);
  if (workAccount && !hasStaff) {
    await trx.deleteFrom('userRole').where('userId', '=', userId).where('role', '=', Role.External).execute();
    await trx.insertInto('userRole').values({ userId, role: Role.Capgemini }).execute();
    return true;
  }
  if (!hasStaff && !roles.includes(Role.External)) {
    await trx.insertInto('userRole').values({ userId, role: Role.External }).execute();
    return true;
  }
  return false;
}
