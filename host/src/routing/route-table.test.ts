import { areaLabels, buildRouteTable, publicRemoteRoutes, type RouteEntry } from './route-table';

/** SPEC §2's route table with SPEC §6's access levels, written out: path, access, who renders it. */
const expected: Array<[path: string, access: RouteEntry['access'], owner: string, page: string]> = [
  ['', 'public', 'host', 'dashboard'],
  ['communities', 'public', 'communities', 'communityList'],
  ['communities/overview/:countryId', 'public', 'communities', 'communitiesOverview'],
  ['networks', 'public', 'communities', 'networkList'],
  ['networks/overview/:countryId', 'public', 'communities', 'networksOverview'],
  ['events/event-list', 'public', 'events', 'eventList'],
  ['events/:id', 'public', 'events', 'eventDetail'],
  ['event-form', 'coreMember', 'events', 'eventCreate'],
  ['event-form', 'admin', 'events', 'eventCreateAdmin'],
  ['event-form/edit/:eventId', 'coreMember', 'events', 'eventEdit'],
  ['event-form/:communityId', 'coreMember', 'events', 'eventCreateForCommunity'],
  ['my-hub', 'loggedIn', 'account', 'myProduct'],
  ['manage', 'coreMember', 'admin', 'manage'],
  ['my-account', 'loggedIn', 'account', 'myAccount'],
  ['admin-dashboard', 'admin', 'admin', 'adminDashboard'],
  ['dashboard', 'admin', 'admin', 'dashboard'],
  ['community-form', 'admin', 'communities', 'communityCreate'],
  ['community-form/edit/:communityId', 'coreMember', 'communities', 'communityEdit'],
  ['community/:id', 'public', 'communities', 'communityDetail'],
  ['about', 'public', 'host', 'about'],
  ['about/hosting-event', 'public', 'host', 'hostingEvent'],
  ['privacy', 'public', 'host', 'privacy'],
  ['callback', 'loggedIn', 'host', 'callback'],
  ['account/login', 'anonymousOnly', 'account', 'login'],
  ['account/register', 'anonymousOnly', 'account', 'register'],
  ['account/forgot-password', 'anonymousOnly', 'account', 'forgotPassword'],
  ['*', 'public', 'host', 'notFound'],
];

const flatten = (table: RouteEntry[]) => table.map((e) => [e.path, e.access, e.target.owner, e.target.page]);
const specPaths = new Set(expected.map(([path]) => path));

describe('route table (SPEC §2 routes, SPEC §6 access levels)', () => {
  it('has every route of SPEC §2 with its access level, in this order', () => {
    const specRoutes = flatten(buildRouteTable()).filter(([path]) => specPaths.has(path as string));
    expect(specRoutes).toEqual(expected);
  });

  it.each(expected)("'%s' is %s", (path, access, owner, page) => {
    const entry = buildRouteTable().find((e) => e.path === path && e.target.page === page);
    expect(entry).toEqual({ path, access, target: { owner, page } });
  });

  it("has two 'event-form' entries: core member access and the admin variant", () => {
    const eventForm = buildRouteTable().filter((e) => e.path === 'event-form');
    expect(eventForm.map((e) => e.access)).toEqual(['coreMember', 'admin']);
  });

  it("keeps page not found ('*') last", () => {
    expect(buildRouteTable().at(-1)?.path).toBe('*');
  });

  it('the product slug changes my-{product} and only that', () => {
    const table = buildRouteTable('club');
    const paths = table.map((e) => e.path);
    expect(paths).toContain('my-club');
    expect(paths).not.toContain('my-hub');
    expect(table.find((e) => e.path === 'my-club')).toEqual({
      path: 'my-club',
      access: 'loggedIn',
      target: { owner: 'account', page: 'myProduct' },
    });
    expect(flatten(table).filter(([path]) => path !== 'my-club' && specPaths.has(path as string))).toEqual(
      expected.filter(([path]) => path !== 'my-hub'),
    );
  });

  it("opens a members-only community's invitation link to the signed-in only (issue 28)", () => {
    expect(buildRouteTable().find((e) => e.path === 'community-invitation/:token')).toEqual({
      path: 'community-invitation/:token',
      access: 'loggedIn',
      target: { owner: 'communities', page: 'communityInvitation' },
    });
  });

  it('names every remote area for its messages', () => {
    expect(Object.keys(areaLabels).sort()).toEqual(['account', 'admin', 'communities', 'events']);
  });
});

describe('the routes whose remote a server may preload for anyone (issue 14)', () => {
  it('are the public pages of the public remotes, and only those', () => {
    expect(publicRemoteRoutes(buildRouteTable('{productSlug}'))).toEqual({
      '/communities': 'communities',
      '/communities/overview/:countryId': 'communities',
      '/networks': 'communities',
      '/networks/overview/:countryId': 'communities',
      '/events/event-list': 'events',
      '/events/:id': 'events',
      '/community/:id': 'communities',
      '/account/action': 'account',
      '/account/unsubscribe': 'account',
    });
  });

  it('leave out a path whose variants are not all public, and the admin area even when public', () => {
    const table: RouteEntry[] = [
      { path: 'a', access: 'public', target: { owner: 'events', page: 'eventCreate' } },
      { path: 'a', access: 'admin', target: { owner: 'events', page: 'eventCreateAdmin' } },
      { path: 'b', access: 'public', target: { owner: 'admin', page: 'manage' } },
      { path: 'c', access: 'anonymousOnly', target: { owner: 'account', page: 'login' } },
    ];
    expect(publicRemoteRoutes(table)).toEqual({});
  });
});
