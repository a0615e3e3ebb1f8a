/**
 * Is this sign-in a work account of the company? (issue 23: any work-account token made its holder
 * staff.) Graph answers `/me` for an access token of *any* tenant, and an administrator of any
 * tenant can set any `mail`, so the Graph profile alone proves nothing about who the company is.
 * What proves it, all checked before the database is touched:
 *
 *   1. the Firebase account signed in with the work-account provider (`firebase.sign_in_provider`),
 *   2. the work account's ID token is signed by the work identity provider (its published keys), is
 *      for our client (`aud`), has not expired, and its tenant (`tid`) is one of the company's, with
 *      the issuer of that tenant,
 *   3. that ID token is the one the Firebase account signed in with (`firebase.identities[provider]`
 *      holds its `sub`),
 *   4. the Graph profile of the access token is the same directory object (`id` = the ID token's `oid`),
 *   5. the work address is in one of the company's mail domains.
 *
 * In production a Graph access token is not meant to be verified by anyone but Graph (its format
 * may change, Microsoft says), so the tenant comes from the ID token, which is ours to verify.
 */
import { Agent } from 'node:https';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { WorkAccountConfig } from '../config.ts';

/** What the ID token says once verified: the directory object and its tenant. */
export interface VerifiedWorkIdentity {
  oid: string;
  tid: string;
  sub: string;
}

export type WorkCheck =
  | { ok: true; identity: VerifiedWorkIdentity }
  /** refused: the sign-in is not a work account of the company (sync code 5); unavailable: the keys could not be read (6). */
  | { ok: false; outcome: 'refused' | 'unavailable'; reason: string };

export interface WorkIdTokenVerifier {
  verify(idToken: string): Promise<WorkCheck>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export function createWorkIdTokenVerifier(
  settings: WorkAccountConfig,
  opts: { allowSelfSigned: boolean },
): WorkIdTokenVerifier {
  const jwksUrl = new URL(settings.jwksUrl);
  // Locally the stand-in's certificate is self-signed; production never allows that.
  const agent =
    opts.allowSelfSigned && jwksUrl.protocol === 'https:' ? new Agent({ rejectUnauthorized: false }) : undefined;
  // Keys are kept and fetched again only for a key id not seen yet (at most every 30 s) or after 10 minutes.
  const keys = createRemoteJWKSet(jwksUrl, { timeoutDuration: 4000, ...(agent ? { agent } : {}) });
  const tenants = new Set(settings.tenantIds);

  return {
    async verify(idToken) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          audience: settings.clientId,
          algorithms: ['RS256'],
          clockTolerance: 60,
          requiredClaims: ['exp', 'iat', 'iss', 'sub', 'aud'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError))
          return { ok: false, outcome: 'unavailable', reason: `signing keys unavailable: ${String(error)}` };
        return { ok: false, outcome: 'refused', reason: `ID token not accepted: ${error.code}` };
      }
      const tid = str(payload['tid'])?.toLowerCase();
      const oid = str(payload['oid']);
      const sub = str(payload.sub);
      if (!tid || !oid || !sub) return { ok: false, outcome: 'refused', reason: 'ID token without tid, oid or sub' };
      if (!tenants.has(tid)) return { ok: false, outcome: 'refused', reason: `tenant ${tid} is not allowed` };
      // Entra's keys sign every tenant's tokens: the issuer must be the one of the token's own tenant.
      if (payload.iss !== settings.issuer.replace('{tenantid}', tid))
        return { ok: false, outcome: 'refused', reason: `issuer ${payload.iss} is not the tenant's` };
      return { ok: true, identity: { oid, tid, sub } };
    },
  };
}

/** Check 1 and 3: the Firebase session is a sign-in with the work provider, by this work identity. */
export function signedInWith(token: DecodedIdToken, providerId: string, sub: string): boolean {
  if (token.firebase?.sign_in_provider !== providerId) return false;
  const identities = token.firebase.identities?.[providerId] as unknown;
  return Array.isArray(identities) && identities.includes(sub);
}

/** Check 5: `name@domain` with domain exactly one of the allowed (subdomains are other directories). */
export function inAllowedDomain(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}
