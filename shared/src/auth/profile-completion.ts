import { hasPermission } from '../user/permissions';
import { Permission } from '@hub/contract/enums';
import type { UserInfo } from '../user/user-info';
import { routePaths } from '../routes/route-paths';

/** Where a user with an incomplete profile is held (SPEC §4). */
export const completeProfilePath = routePaths.myAccount();

/**
 * SPEC §4: a user with the Capgemini permission and a null city is forced to /my-account, on
 * every navigation, until a city is saved.
 */
export function mustCompleteProfile(user: UserInfo): boolean {
  return hasPermission(user, Permission.CapgeminiAccess) && user.city === null;
}
