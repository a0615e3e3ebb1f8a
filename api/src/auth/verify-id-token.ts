/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set, the admin
 * SDK accepts the emulator's unsigned tokens; config validation refuses that in production.
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
  const auth = getAuth(app);
  return {
    auth,
    async verify(idToken: string) {
      try {
        return { ok: true, token: await auth.verifyIdToken(idToken) };
      } catch (error) {
        return { ok: false, reason: String((error as { code?: unknown }).code ?? 'auth/invalid-id-token') };
      }
    },
  };
}
