/**
 * Test-only stand-in for the `firebase/app` and `firebase/auth` modules (the identity SDK's module
 * boundary): accounts in memory, the signed-in user persisted the way browserLocalPersistence does
 * it, listeners called like onAuthStateChanged. Only what the identity layer uses. Not exported.
 */

interface Account {
  uid: string;
  email: string;
  password: string;
  emailVerified: boolean;
  displayName: string | null;
  providerId: string;
}

interface FakeApp {
  name: string;
  options: Record<string, unknown>;
}

export interface FakeUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  providerData: { providerId: string }[];
  getIdToken: jest.Mock<Promise<string>, [boolean?]>;
  reload: () => Promise<void>;
}

type Listener = (user: FakeUser | null) => void;

export interface FakeAuth {
  app: FakeApp;
  persistence: { type: string };
  emulator?: string;
  currentUser: FakeUser | null;
  listeners: Listener[];
  authStateReady: () => Promise<void>;
}

const accounts = new Map<string, Account>();
const actionCodes = new Map<string, { kind: 'verify' | 'reset'; email: string }>();
export const auths: FakeAuth[] = [];
export const calls: string[] = [];
export const credentials: { providerId: string; idToken: string; rawNonce?: string }[] = [];
let nextUid = 1;

function error(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

function storageKey(auth: FakeAuth): string {
  return `firebase:authUser:${String(auth.app.options['apiKey'])}:${auth.app.name}`;
}

function userOf(account: Account): FakeUser {
  const user: FakeUser = {
    uid: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    displayName: account.displayName,
    providerData: [{ providerId: account.providerId }],
    getIdToken: jest.fn(async () => `id-token-${account.uid}`),
    reload: async () => {
      user.emailVerified = account.emailVerified;
      user.displayName = account.displayName;
    },
  };
  return user;
}

function setUser(auth: FakeAuth, user: FakeUser | null): void {
  auth.currentUser = user;
  if (auth.persistence.type === 'LOCAL') {
    if (user) localStorage.setItem(storageKey(auth), JSON.stringify({ uid: user.uid }));
    else localStorage.removeItem(storageKey(auth));
  }
  for (const listener of auth.listeners) listener(user);
}

// ---- test helpers ----

export function addAccount(partial: Partial<Account> & { email: string }): Account {
  const account: Account = {
    uid: partial.uid ?? `uid-${nextUid++}`,
    password: 'Passw0rd!',
    emailVerified: true,
    displayName: null,
    providerId: 'password',
    ...partial,
  };
  accounts.set(account.uid, account);
  return account;
}

export function findAccount(email: string): Account | undefined {
  return [...accounts.values()].find((a) => a.email === email);
}

export function addActionCode(code: string, kind: 'verify' | 'reset', email: string): void {
  actionCodes.set(code, { kind, email });
}

/** Writes a stored session the way Firebase persists it, as a previous page load would have left it. */
export function storeSession(uid: string, apiKey = 'demo-api-key'): void {
  localStorage.setItem(`firebase:authUser:${apiKey}:[DEFAULT]`, JSON.stringify({ uid }));
}

// ---- firebase/app ----

export function initializeApp(options: Record<string, unknown>, name = '[DEFAULT]'): FakeApp {
  calls.push(`initializeApp:${name}`);
  return { name, options };
}

// ---- firebase/auth ----

export const browserLocalPersistence = { type: 'LOCAL' };
export const inMemoryPersistence = { type: 'NONE' };

export function initializeAuth(app: FakeApp, deps: { persistence: { type: string } }): FakeAuth {
  const auth: FakeAuth = {
    app,
    persistence: deps.persistence,
    currentUser: null,
    listeners: [],
    authStateReady: async () => undefined,
  };
  if (deps.persistence.type === 'LOCAL') {
    const stored = localStorage.getItem(storageKey(auth));
    const account = stored ? accounts.get((JSON.parse(stored) as { uid: string }).uid) : undefined;
    auth.currentUser = account ? userOf(account) : null;
  }
  auths.push(auth);
  return auth;
}

export function connectAuthEmulator(auth: FakeAuth, url: string): void {
  auth.emulator = url;
}

export function onAuthStateChanged(auth: FakeAuth, listener: Listener): () => void {
  auth.listeners.push(listener);
  // Like Firebase: the current user is reported once, asynchronously, on subscription.
  void Promise.resolve().then(() => listener(auth.currentUser));
  return () => {
    auth.listeners = auth.listeners.filter((l) => l !== listener);
  };
}

export async function signInWithEmailAndPassword(auth: FakeAuth, email: string, password: string) {
  calls.push(`signIn:${email}`);
  const account = findAccount(email);
  if (!account || account.password !== password) throw error('auth/invalid-credential');
  const user = userOf(account);
  setUser(auth, user);
  return { user };
}

export async function createUserWithEmailAndPassword(auth: FakeAuth, email: string, password: string) {
  calls.push(`createUser:${email}`);
  if (findAccount(email)) throw error('auth/email-already-in-use');
  if (password.length < 6) throw error('auth/weak-password');
  const user = userOf(addAccount({ email, password, emailVerified: false }));
  setUser(auth, user);
  return { user };
}

export async function updateProfile(user: FakeUser, profile: { displayName?: string }) {
  const account = accounts.get(user.uid);
  if (account && profile.displayName !== undefined) account.displayName = profile.displayName;
  user.displayName = profile.displayName ?? user.displayName;
}

export async function signOut(auth: FakeAuth) {
  calls.push(`signOut:${auth.app.name}`);
  setUser(auth, null);
}

export async function applyActionCode(_auth: FakeAuth, code: string) {
  const action = actionCodes.get(code);
  if (action?.kind !== 'verify') throw error('auth/invalid-action-code');
  actionCodes.delete(code);
  const account = findAccount(action.email);
  if (account) account.emailVerified = true;
}

export async function verifyPasswordResetCode(_auth: FakeAuth, code: string) {
  const action = actionCodes.get(code);
  if (action?.kind !== 'reset') throw error('auth/expired-action-code');
  return action.email;
}

export async function confirmPasswordReset(_auth: FakeAuth, code: string, password: string) {
  const email = await verifyPasswordResetCode(_auth, code);
  if (password.length < 6) throw error('auth/weak-password');
  actionCodes.delete(code);
  const account = findAccount(email);
  if (account) account.password = password;
}

export class OAuthProvider {
  constructor(readonly providerId: string) {}
  credential(params: { idToken: string; rawNonce?: string }) {
    return { providerId: this.providerId, ...params };
  }
}

/** The emulator decodes an OIDC ID token without checking it; here the token is its claims as JSON. */
export async function signInWithCredential(
  auth: FakeAuth,
  credential: { providerId: string; idToken: string; rawNonce?: string },
) {
  calls.push(`signInWithCredential:${credential.providerId}`);
  credentials.push(credential);
  const claims = JSON.parse(credential.idToken) as { sub: string; email: string; name: string };
  const account =
    findAccount(claims.email) ??
    addAccount({
      uid: `work-${claims.sub}`,
      email: claims.email,
      displayName: claims.name,
      providerId: credential.providerId,
    });
  const user = userOf(account);
  setUser(auth, user);
  return { user };
}
