import { hasPermission } from '../user/permissions';
import { routePaths } from './route-paths';
import { Permission } from '@hub/contract/enums';
import type { UserInfo } from '../user/user-info';
import type { AuthStatus } from '../auth/auth-state';

/**
 * SPEC §6 access levels that gate routes. `anonymousOnly` is for login, register and
 * forgot-password, which a signed-in user never sees.
 */
export type AccessLevel = 'public' | 'anonymousOnly' | 'loggedIn' | 'coreMember' | 'admin';

export type AccessDecision = { allow: true } | { allow: false; redirectTo: string };

/** SPEC §4 route guards: logged-out → login, logged-in on anonymous-only → /my-account, lacking access → /. */
export function decideAccess(level: AccessLevel, status: AuthStatus, user: UserInfo): AccessDecision {
  const loggedIn = status === 'loggedIn';
  switch (level) {
    case 'public':
      return { allow: true };
    case 'anonymousOnly':
      return loggedIn ? { allow: false, redirectTo: routePaths.myAccount() } : { allow: true };
    case 'loggedIn':
      return loggedIn ? { allow: true } : { allow: false, redirectTo: routePaths.login() };
    case 'coreMember':
      if (!loggedIn) return { allow: false, redirectTo: routePaths.login() };
      return hasPermission(user, Permission.CoreMemberAccess) || hasPermission(user, Permission.AdminAccess)
        ? { allow: true }
        : { allow: false, redirectTo: routePaths.home() };
    case 'admin':
      if (!loggedIn) return { allow: false, redirectTo: routePaths.login() };
      return hasPermission(user, Permission.AdminAccess)
        ? { allow: true }
        : { allow: false, redirectTo: routePaths.home() };
  }
}
