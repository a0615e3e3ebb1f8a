import { atom } from '../store/hub-jotai';
import { fallbackUser, type UserInfo } from '../user/user-info';
import type { IdentityError } from './identity-error';

export type AuthStatus = 'loggedOut' | 'loading' | 'loggedIn';

/** SPEC §4 authentication states. Until the identity flow runs, everyone is logged out. */
export const authStatusAtom = atom<AuthStatus>('loggedOut');

/** The signed-in user's info, or the anonymous fallback of SPEC §3. */
export const userInfoAtom = atom<UserInfo>(fallbackUser);

/** Display name as the identity provider stores it ('lastName, firstName'); shown through displayNameFrom. */
export const providerDisplayNameAtom = atom<string | null>(null);

/**
 * True while a new session is being set up (sync, user info, return to the last page). The
 * callback screen shows progress meanwhile and, when nothing is under way, sends the user on.
 */
export const sessionSetupAtom = atom(false);

/**
 * The failure of a work-account redirect sign-in, which finishes on a fresh page load where no
 * caller is waiting: the login screen shows it. Cleared when a new work sign-in starts.
 */
export const workSignInErrorAtom = atom<IdentityError | null>(null);
