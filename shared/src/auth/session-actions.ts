import { hubStore } from '../store/hub-store';
import { forgetLastVisited } from '../navigation/last-visited';
import { forgetReadPages } from '../navigation/read-pages';
import { forgetDrafts } from '../drafts/form-drafts';
import { forgetPersistedQueries } from '../query/query-persistence';
import { fallbackUser } from '../user/user-info';
import { authStatusAtom, providerDisplayNameAtom, userInfoAtom } from './auth-state';

type SignOutHook = () => Promise<void>;
let signOutProvider: SignOutHook = async () => undefined;

/** The identity layer registers how to end the provider session (Firebase sign-out). */
export function setSignOutProvider(hook: SignOutHook): void {
  signOutProvider = hook;
}

/** Ends the provider session only (no reload, no navigation): the session flow reacts to it. */
export async function endProviderSession(): Promise<void> {
  await signOutProvider();
}

/**
 * SPEC §4 logout: sign out, remove lastVisited (and the pages read, which the offline screen offers,
 * and the forms' drafts),
 * navigate to / and reload the page. The answers
 * kept on the device for offline reading are deleted first, before anything could write them back.
 */
export async function logout(): Promise<void> {
  await forgetPersistedQueries();
  try {
    await signOutProvider();
  } finally {
    forgetLastVisited();
    forgetReadPages();
    forgetDrafts();
    hubStore.set(userInfoAtom, fallbackUser);
    hubStore.set(providerDisplayNameAtom, null);
    hubStore.set(authStatusAtom, 'loggedOut');
    window.location.assign('/');
  }
}
