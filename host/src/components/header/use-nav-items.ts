import { authStatusAtom, userInfoAtom, useAtomValue } from '@hub/shared';
import { navItemsFor, type NavItem } from './nav-items';

/** The header items the current user may see. */
export function useNavItems(): NavItem[] {
  return navItemsFor(useAtomValue(authStatusAtom), useAtomValue(userInfoAtom));
}
