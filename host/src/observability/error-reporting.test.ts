import { buildRouteTable } from '../routing/route-table';
import { appResolver } from './error-reporting';

describe('appResolver', () => {
  const appOf = appResolver(
    {
      events: 'http://localhost:3001/releases/20261127T1000Z-a/mf-manifest.json',
      communities: 'https://cdn.example/remote-communities/mf-manifest.json',
    },
    buildRouteTable('hub'),
  );

  it('names the remote whose folder served the failing script, else the host', () => {
    expect(appOf({ source: 'http://localhost:3001/releases/20261127T1000Z-a/123.abc.js', page: '/' })).toBe('events');
    expect(appOf({ source: 'https://cdn.example/remote-communities/src_x.js', page: '/' })).toBe('communities');
    expect(appOf({ source: 'http://localhost:3001/releases/20261101T0000Z-old/1.js', page: '/' })).toBe('host');
    expect(appOf({ source: 'http://localhost:3000/main.js', page: '/events/event-list' })).toBe('host');
  });

  it('names the app of the page shown when there is no script (a failed API call)', () => {
    expect(appOf({ page: '/events/event-list' })).toBe('events');
    expect(appOf({ page: '/community/1' })).toBe('communities');
    expect(appOf({ page: '/about' })).toBe('host');
  });
});
