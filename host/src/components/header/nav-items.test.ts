import { fallbackUser, Permission, type UserInfo } from '@hub/shared';
import { navItemsFor } from './nav-items';

const withPermissions = (...permissions: Permission[]): UserInfo => ({ ...fallbackUser, userId: 'u1', permissions });
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('navItemsFor', () => {
  it('offers the four public areas to a logged-out visitor', () => {
    expect(labels(navItemsFor('loggedOut', fallbackUser))).toEqual(['Home', 'Events', 'Communities', 'Networks']);
  });

  it('links each item to its route', () => {
    expect(navItemsFor('loggedIn', withPermissions(Permission.AdminAccess)).map((i) => i.to)).toEqual([
      '/',
      '/events/event-list',
      '/communities',
      '/networks',
      '/manage',
      '/admin-dashboard',
      '/my-account',
    ]);
  });

  it('adds My account for a logged-in user', () => {
    expect(labels(navItemsFor('loggedIn', withPermissions(Permission.UserAccess)))).toEqual([
      'Home',
      'Events',
      'Communities',
      'Networks',
      'My account',
    ]);
  });

  it('adds Manage for core members, not Admin dashboard', () => {
    const items = labels(navItemsFor('loggedIn', withPermissions(Permission.CoreMemberAccess)));
    expect(items).toContain('Manage');
    expect(items).not.toContain('Admin dashboard');
  });

  it('adds Manage and Admin dashboard for admins', () => {
    const items = labels(navItemsFor('loggedIn', withPermissions(Permission.AdminAccess)));
    expect(items).toEqual(expect.arrayContaining(['Manage', 'Admin dashboard']));
  });

  it('ignores permissions unless logged in', () => {
    expect(labels(navItemsFor('loading', withPermissions(Permission.AdminAccess)))).toEqual([
      'Home',
      'Events',
      'Communities',
      'Networks',
    ]);
  });
});
