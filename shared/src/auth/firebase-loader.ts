import type { Auth, User } from 'firebase/auth';
import type * as FirebaseAuthModule from './firebase-auth-sdk';
import { getAppConfig } from '../config/app-config';

/** The Firebase Auth functions the identity flow uses, loaded together with the instance. */
export type FirebaseAuthSdk = typeof FirebaseAuthModule;

export interface FirebaseHandle {
  auth: Auth;
  sdk: FirebaseAuthSdk;
}

type UserListener = (user: User | null, handle: FirebaseHandle) => void;

let main: Promise<FirebaseHandle> | null = null;
let quiet: Promise<FirebaseHandle> | null = null;
let listener: UserListener = () => undefined;

/** The session flow listens here to every change of the signed-in user. */
export function onFirebaseUser(next: UserListener): void {
  listener = next;
}

/** Has the main Firebase instance been asked for yet (so a sign-out must go through it)? */
export function isFirebaseRequested(): boolean {
  return main !== null;
}

async function createAuth(appName: string | undefined, persistence: 'local' | 'memory'): Promise<FirebaseHandle> {
  // Loaded on demand: together they are far too heavy for the first paint of every page.
  const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('./firebase-auth-sdk')]);
  const { apiKey, authDomain, projectId, emulatorUrl } = getAppConfig().firebase;
  const app = initializeApp({ apiKey, authDomain, projectId }, appName);
  const auth = sdk.initializeAuth(app, {
    persistence: persistence === 'local' ? sdk.browserLocalPersistence : sdk.inMemoryPersistence,
  });
  if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return { auth, sdk };
}

/**
 * The site's Firebase session (persisted in local storage), created once. Once it resolves, the
 * stored user (if any) is known, the session listener is subscribed and API calls carry its ID
 * token. A failed load can be tried again.
 */
export function loadFirebase(): Promise<FirebaseHandle> {
  main ??= (async () => {
    const handle = await createAuth(undefined, 'local');
    await handle.auth.authStateReady();
    handle.sdk.onAuthStateChanged(handle.auth, (user) => listener(user, handle));
    return handle;
  })();
  main.catch(() => {
    main = null;
  });
  return main;
}

/**
 * A second, in-memory Firebase instance for account chores that must not sign anyone in on this
 * site (registration, re-sending the verification e-mail, e-mail action codes): an unverified user
 * never reaches the session, this tab's storage or other tabs.
 */
export function loadQuietFirebase(): Promise<FirebaseHandle> {
  quiet ??= createAuth('hub-account-setup', 'memory');
  quiet.catch(() => {
    quiet = null;
  });
  return quiet;
}

/**
 * The signed-in user's ID token for API calls. While the stored session is still being restored
 * it is waited for, so an early call of a signed-in user does not go out anonymous.
 */
export async function currentIdToken(): Promise<string | null> {
  if (!main) return null;
  const { auth } = await main;
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** Test seam: forget both instances (the next call loads again). */
export function resetFirebaseForTests(): void {
  main = null;
  quiet = null;
  listener = () => undefined;
}
