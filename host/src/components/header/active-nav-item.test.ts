import { activeNavItem, communityIdFromPath, isIgnoredForHighlight } from './active-nav-item';

const communityLookup = (id: number) => (id === 2 ? 2 : id === 404 ? null : id === 999 ? undefined : 1);
const neverCalled = () => {
  throw new Error('lookup must not be called');
};

describe('activeNavItem', () => {
  it.each([
    ['/', 'home'],
    ['', 'home'],
    ['/events/event-list', 'events'],
    ['/events/42', 'events'],
    ['/events', 'events'],
    ['/event-form', 'events'],
    ['/event-form/edit/5', 'events'],
    ['/event-form/3', 'events'],
    ['/communities', 'communities'],
    ['/communities/overview/4', 'communities'],
    ['/networks', 'networks'],
    ['/networks/overview/4', 'networks'],
    ['/manage', 'manage'],
  ] as const)('%s highlights %s without any lookup', (path, expected) => {
    expect(activeNavItem(path, neverCalled)).toBe(expected);
  });

  it.each([
    '/about',
    '/about/hosting-event',
    '/privacy',
    '/my-account',
    '/my-hub',
    '/admin-dashboard',
    '/dashboard',
    '/account/login',
    '/community-form',
    '/no-such-page',
    '/community/abc',
  ])('%s highlights nothing', (path) => {
    expect(activeNavItem(path, neverCalled)).toBeNull();
  });

  it('highlights Networks for a community whose communityBaseId is 2', () => {
    expect(activeNavItem('/community/2', communityLookup)).toBe('networks');
  });

  it('highlights Communities for any other communityBaseId', () => {
    expect(activeNavItem('/community/7', communityLookup)).toBe('communities');
  });

  it('looks up community-form/edit/{id} by its numeric last segment too', () => {
    const lookup = jest.fn(() => 2);
    expect(activeNavItem('/community-form/edit/12', lookup)).toBe('networks');
    expect(lookup).toHaveBeenCalledWith(12);
  });

  it('highlights nothing when the lookup failed or has not answered yet', () => {
    expect(activeNavItem('/community/404', communityLookup)).toBeNull();
    expect(activeNavItem('/community/999', communityLookup)).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(activeNavItem('/communities/', neverCalled)).toBe('communities');
    expect(activeNavItem('/community/2/', communityLookup)).toBe('networks');
  });
});

describe('communityIdFromPath', () => {
  it.each([
    ['/community/7', 7],
    ['/community-form/edit/15', 15],
    ['/community/0', 0],
    ['/communities/overview/3', null],
    ['/community/seven', null],
    ['/events/7', null],
    ['/community-form', null],
  ] as const)('%s → %s', (path, expected) => {
    expect(communityIdFromPath(path)).toBe(expected);
  });
});

describe('isIgnoredForHighlight', () => {
  it('ignores only the callback route', () => {
    expect(isIgnoredForHighlight('/callback')).toBe(true);
    expect(isIgnoredForHighlight('/callback/')).toBe(true);
    expect(isIgnoredForHighlight('/about')).toBe(false);
    expect(isIgnoredForHighlight('/')).toBe(false);
  });
});
