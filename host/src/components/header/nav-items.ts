import { canManage, isAdmin, routePaths, type AuthStatus, type UserInfo } from '@hub/shared';
import type { ActiveNavItem } from './active-nav-item';

export type NavItemKey = ActiveNavItem | 'adminDashboard' | 'myAccount';

export interface NavItem {
  key: NavItemKey;
  label: string;
  to: string;
}

/**
 * SPEC §2 header items, in order: Home, Events, Communities, Networks; Manage for core members
 * and above; Admin dashboard for admins; My account when logged in. Permissions only count for a
 * logged-in user, so a stale user record never shows privileged links after sign-out.
 */
export function navItemsFor(status: AuthStatus, user: UserInfo): NavItem[] {
  const loggedIn = status === 'loggedIn';
  const items: NavItem[] = [
    { key: 'home', label: 'Home', to: routePaths.home() },
    { key: 'events', label: 'Events', to: routePaths.eventList() },
    { key: 'communities', label: 'Communities', to: routePaths.communities() },
    { key: 'networks', label: 'Networks', to: routePaths.networks() },
  ];
  if (loggedIn && canManage(user)) items.push({ key: 'manage', label: 'Manage', to: routePaths.manage() });
  if (loggedIn && isAdmin(user)) {
    items.push({ key: 'adminDashboard', label: 'Admin dashboard', to: routePaths.adminDashboard() });
  }
  if (loggedIn) items.push({ key: 'myAccount', label: 'My account', to: routePaths.myAccount() });
  return items;
}
