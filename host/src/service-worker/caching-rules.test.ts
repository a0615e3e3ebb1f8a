import { cachingRuleFor, originsFrom, type RequestFacts, type SiteOrigins } from './caching-rules';

const origins: SiteOrigins = {
  site: 'https://hub.example',
  remotes: ['https://events.cdn.example', 'https://communities.cdn.example'],
  apiBase: 'https://api.example/',
};

const get = (url: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({
  url,
  method: 'GET',
  authenticated: false,
  ...extra,
});
const strategyOf = (request: RequestFacts, given = origins) => cachingRuleFor(request, given).strategy;

describe('cachingRuleFor', () => {
  it('never caches what says which release runs: remotes.json, app-config.json, every mf-manifest.json and remoteEntry.js', () => {
    for (const url of [
      'https://hub.example/remotes.json',
      'https://hub.example/app-config.json',
      'https://events.cdn.example/mf-manifest.json',
      'https://events.cdn.example/remoteEntry.js',
      'https://communities.cdn.example/releases/2024-05-01/mf-manifest.json',
      'https://communities.cdn.example/releases/2024-05-01/remoteEntry.js',
    ]) {
      const rule = cachingRuleFor(get(url), origins);
      expect([url, rule.name, rule.strategy]).toEqual([url, 'deployment-pointer', 'network-only-offline-copy']);
    }
  });

  it('serves hashed chunks of the host and of every remote origin cache first', () => {
    expect(strategyOf(get('https://hub.example/4410.a74eee58bb.js'))).toBe('cache-first');
    expect(strategyOf(get('https://events.cdn.example/412.0123456789.js'))).toBe('cache-first');
    expect(strategyOf(get('https://communities.cdn.example/releases/r7/assets/cover.abcdef0123.png'))).toBe(
      'cache-first',
    );
  });

  it('leaves chunks of origins that are not the site’s alone, and un-hashed files too', () => {
    expect(strategyOf(get('https://elsewhere.example/412.0123456789.js'))).toBe('network-only');
    expect(strategyOf(get('https://events.cdn.example/412.js'))).toBe('network-only');
  });

  it('answers the host’s pages network first, for every route of the app', () => {
    for (const url of ['https://hub.example/', 'https://hub.example/community/3', 'https://hub.example/my-hub']) {
      expect(cachingRuleFor(get(url), origins)).toMatchObject({ name: 'page', strategy: 'network-first' });
    }
  });

  it('does not treat the work-account bridge page or the worker itself as the shell', () => {
    expect(strategyOf(get('https://hub.example/auth/redirect.html'))).toBe('network-only');
    expect(cachingRuleFor(get('https://hub.example/ngsw-worker.js'), origins).name).toBe('worker-script');
  });

  it('reads the public catalogue stale-while-revalidate', () => {
    for (const path of [
      'api/community',
      'api/community/12',
      'api/community/base/2',
      'api/communitybase/1',
      'api/country',
      'api/bunit',
      'api/events?when=upcoming&page=2',
      'api/events/30',
    ]) {
      expect([path, strategyOf(get(`https://api.example/${path}`))]).toEqual([path, 'stale-while-revalidate']);
    }
  });

  it('never stores an authenticated answer, even of a public read', () => {
    const rule = cachingRuleFor(get('https://api.example/api/community/12', { authenticated: true }), origins);
    expect(rule).toMatchObject({ name: 'authenticated', strategy: 'network-only' });
    expect(strategyOf(get('https://hub.example/4410.a74eee58bb.js', { authenticated: true }))).toBe('network-only');
  });

  it('never stores personal or management reads, nor any write', () => {
    for (const path of [
      'api/user',
      'api/user/events?when=upcoming',
      'api/events/30/me',
      'api/events/30/whos-going',
      'api/user/whos-going',
      'api/events/30/attendees',
      'api/community/1/core-members',
      'api/manage/communities',
      'api/admin/users',
      'api/health',
    ]) {
      expect([path, strategyOf(get(`https://api.example/${path}`))]).toEqual([path, 'network-only']);
    }
    expect(
      cachingRuleFor({ ...get('https://api.example/api/communitymembership/1'), method: 'PUT' }, origins),
    ).toMatchObject({
      name: 'write',
      strategy: 'network-only',
    });
  });

  it('knows the API under a path prefix and on the site’s own origin', () => {
    const sameOrigin = { ...origins, apiBase: 'https://hub.example/backend/' };
    expect(strategyOf(get('https://hub.example/backend/api/community'), sameOrigin)).toBe('stale-while-revalidate');
    expect(strategyOf(get('https://hub.example/backend/api/user'), sameOrigin)).toBe('network-only');
  });

  it('caches nothing of an origin before the deploy-time documents name it', () => {
    const unknown = { site: 'https://hub.example', remotes: [], apiBase: null };
    expect(strategyOf(get('https://events.cdn.example/412.0123456789.js'), unknown)).toBe('network-only');
    expect(strategyOf(get('https://api.example/api/community'), unknown)).toBe('network-only');
  });

  it('gives every rule its reason', () => {
    for (const url of ['https://hub.example/', 'https://api.example/api/community', 'https://elsewhere.example/x']) {
      expect(cachingRuleFor(get(url), origins).reason.length).toBeGreaterThan(40);
    }
  });
});

describe('originsFrom', () => {
  it('reads the remotes’ origins from remotes.json and the API base from app-config.json', () => {
    expect(
      originsFrom(
        'https://hub.example',
        {
          events: 'https://events.cdn.example/releases/r1/mf-manifest.json',
          admin: 'https://events.cdn.example/admin/mf-manifest.json',
          communities: '/communities/mf-manifest.json',
          broken: 42,
        },
        { apiBaseUrl: 'https://api.example/' },
      ),
    ).toEqual({
      site: 'https://hub.example',
      remotes: ['https://events.cdn.example', 'https://hub.example'],
      apiBase: 'https://api.example/',
    });
  });

  it('names nothing when the documents are missing', () => {
    expect(originsFrom('https://hub.example', null, null)).toEqual({
      site: 'https://hub.example',
      remotes: [],
      apiBase: null,
    });
  });
});
