import { redirect } from 'react-router';
import { showToast } from '@hub/ui/show-toast';
import {
  authStatusAtom,
  decideAccess,
  hubStore,
  rememberLastVisited,
  routePaths,
  userInfoAtom,
  waitForAuthReady,
  type AccessLevel,
} from '@hub/shared';

/**
 * The loader that runs before a route activates: it waits for the auth loading flag (at most
 * 5000 ms, then goes on either way, SPEC §2) and applies SPEC §4's guard rules.
 */
export function guardLoader(access: AccessLevel, store = hubStore) {
  return async ({ request }: { request: Request }) => {
    await waitForAuthReady(undefined, store);
    const decision = decideAccess(access, store.get(authStatusAtom), store.get(userInfoAtom));
    if (decision.allow) return null;
    if (decision.redirectTo === routePaths.login()) {
      // Bring the user back to the page they asked for once they have signed in.
      const url = new URL(request.url);
      rememberLastVisited(url.pathname + url.search + url.hash);
    }
    if (decision.redirectTo === '/') {
      // SPEC §4 sends a user lacking access to '/'; the toast says why, so the redirect is not a mystery.
      showToast({
        intent: 'warning',
        title: notAllowedTitle,
        body: notAllowedBody[access] ?? notAllowedBody.coreMember,
      });
    }
    throw redirect(decision.redirectTo);
  };
}

/** The toast of a refused page; the community form says the same when a core member opens another community. */
export const notAllowedTitle = 'Not allowed';
const notAllowedBody: Partial<Record<AccessLevel, string>> = {
  coreMember: 'That page is for core members and admins, so you were brought to the home page.',
  admin: 'That page is for admins, so you were brought to the home page.',
};
