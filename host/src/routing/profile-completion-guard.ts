import { redirect } from 'react-router';
import {
  authStatusAtom,
  completeProfilePath,
  hubStore,
  mustCompleteProfile,
  routePaths,
  userInfoAtom,
} from '@hub/shared';

/** Routes a user with an incomplete profile may still open: the account screen and the sign-in return screen. */
const allowedWhileIncomplete = new Set([completeProfilePath, routePaths.callback()]);

type Loader<A extends { request: Request }> = (args: A) => Promise<unknown>;

/**
 * SPEC §4: a user with the Capgemini permission and a null city is forced to /my-account on every
 * navigation until a city is saved. Wraps a route's loader (after its own access rules ran).
 */
export function withProfileCompletion<A extends { request: Request }>(loader: Loader<A>, store = hubStore): Loader<A> {
  return async (args) => {
    const result = await loader(args);
    const path = new URL(args.request.url).pathname.replace(/\/+$/, '') || '/';
    if (
      !allowedWhileIncomplete.has(path) &&
      store.get(authStatusAtom) === 'loggedIn' &&
      mustCompleteProfile(store.get(userInfoAtom))
    ) {
      throw redirect(completeProfilePath);
    }
    return result;
  };
}
