/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set, the admin
 * SDK accepts the emulator's unsigned tokens; config validation refuses that outside a loopback-only,
 * non-production setup (auth/emulator-guard.ts).
 *
 * Every verification checks revocation and the disabled flag (`checkRevoked`), so a disabled,
 * deleted or signed-out-everywhere account loses access at once rather than when its token expires
 * (up to an hour). It costs one account lookup per verified request; only requests that present a
 * token to a route that needs one pay it: public reads never verify tokens (auth/caller.ts is lazy).
 * Note: with the emulator firebase-admin always does this check, whatever the flag.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';

export type VerifyResult =
  | { ok: true; token: DecodedIdToken }
  /** reason: the firebase-admin error code, e.g. auth/id-token-expired, auth/user-not-found, auth/user-disabled. */
  | { ok: false; reason: string };

export interface IdentityProvider {
  verify(idToken: string): Promise<VerifyResult>;
  auth: Auth;
}

export function createIdentityProvider(opts: {
  projectId: string;
  emulatorHost: string | undefined;
}): IdentityProvider {
  // firebase-admin reads the emulator address from the environment at call time; make the config
  // value the single source of truth for this process.
  if (opts.emulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = opts.emulatorHost;
  const name = `hub-api-${opts.projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: opts.projectId }, name);
  return identityFrom(getAuth(app));
}

/** The verifier over an Auth instance (separate so a test can watch how tokens are verified). */
export function identityFrom(auth: Auth): IdentityProvider {
  return {
    auth,
    async verify(idToken: string) {
      try {
        return { ok: true, token: await auth.verifyIdToken(idToken, true) };
      } catch (error) {
        return { ok: false, reason: String((error as { code?: unknown }).code ?? 'auth/invalid-id-token') };
      }
    },
  };
}
