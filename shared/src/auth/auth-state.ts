import { atom } from 'jotai/vanilla';
import { fallbackUser, type UserInfo } from '../user/user-info';

export type AuthStatus = 'loggedOut' | 'loading' | 'loggedIn';

/** SPEC §4 authentication states. Until the identity flow runs, everyone is logged out. */
export const authStatusAtom = atom<AuthStatus>('loggedOut');

/** The signed-in user's info, or the anonymous fallback of SPEC §3. */
export const userInfoAtom = atom<UserInfo>(fallbackUser);

/** Display name as the identity provider stores it ('lastName, firstName'); shown through displayNameFrom. */
export const providerDisplayNameAtom = atom<string | null>(null);
