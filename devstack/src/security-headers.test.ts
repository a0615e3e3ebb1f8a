import {
  baselineHeaders,
  hostContentSecurityPolicy,
  hostPageHeaders,
  hostPolicySources,
  neverServed,
  newNonce,
} from './security-headers';

const remotes = {
  events: 'https://events.cdn.example/v42/mf-manifest.json',
  communities: 'https://communities.cdn.example/mf-manifest.json',
  account: 'https://events.cdn.example/account/mf-manifest.json',
};
const production = {
  apiBaseUrl: 'https://api.example/',
  firebase: {},
  msal: {
    authority: 'https://login.microsoftonline.com/3c6a1f0e/v2.0',
    knownAuthorities: ['login.microsoftonline.com'],
  },
};
const local = {
  apiBaseUrl: 'http://localhost:8080/',
  firebase: { emulatorUrl: 'http://127.0.0.1:9099' },
  msal: { authority: 'https://localhost:8443/tenant/v2.0', knownAuthorities: ['localhost:8443'] },
};

/** The CSP as directive name → sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the host page policy, from the deploy-time configuration', () => {
  it('names each remote origin once in script-src and connect-src, and the API and Firebase Auth in connect-src', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const csp = directives(hostContentSecurityPolicy(sources, 'bm9uY2U='));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://events.cdn.example', 'https://communities.cdn.example']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://login.microsoftonline.com',
      'https://events.cdn.example',
      'https://communities.cdn.example',
    ]);
    expect(csp['frame-src']).toEqual(['https://login.microsoftonline.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('locally: the Auth emulator and the IdP stand-in instead of Google and Entra, and loopback images', () => {
    const sources = hostPolicySources(
      { events: 'http://localhost:3001/mf-manifest.json' },
      local,
      'http://localhost:3000',
    );
    const csp = directives(hostContentSecurityPolicy(sources, 'bm9uY2U='));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'http://localhost:8080',
      'http://127.0.0.1:9099',
      'https://localhost:8443',
      'http://localhost:3001',
    ]);
    expect(csp['frame-src']).toEqual(['https://localhost:8443']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
  });

  it("a relative API address or a remote on the site's own origin is 'self', not repeated", () => {
    const sources = hostPolicySources(
      { events: '/remotes/events/mf-manifest.json' },
      { apiBaseUrl: '/' },
      'https://hub.example',
    );
    const csp = directives(hostContentSecurityPolicy(sources, 'bm9uY2U='));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      ...['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    ]);
    expect(csp['frame-src']).toEqual(["'none'"]);
  });

  it('never allows inline or eval scripts, allows styles only by nonce, and locks down objects, base, forms and framing', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const text = hostContentSecurityPolicy(sources, 'bm9uY2U=');
    expect(text).not.toMatch(/unsafe-/);
    const csp = directives(text);
    expect(csp['style-src']).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('page headers: CSP, revalidated, and DENY framing; the MSAL bridge page may be framed by the site only', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const page = hostPageHeaders(sources, 'bm9uY2U=');
    expect(page).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-cache',
    });
    expect(page['Permissions-Policy']).toContain('camera=()');
    const bridge = hostPageHeaders(sources, 'bm9uY2U=', 'same-origin');
    expect(bridge['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(directives(bridge['Content-Security-Policy']!)['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('the rest of the policy', () => {
  it('every answer is nosniff, strict-origin-when-cross-origin, not frameable, with features off', () => {
    expect(baselineHeaders).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringMatching(/^accelerometer=\(\), .*geolocation=\(\), .*microphone=\(\)/),
      'X-Frame-Options': 'DENY',
    });
  });

  it('source maps and deployment files are never served; ordinary files are', () => {
    for (const path of [
      '/main.js.map',
      '/12.abcdef0123.js.map',
      '/x.css.map.gz',
      '/_headers',
      '/a.nginx.conf',
      '/X.JS.MAP',
    ]) {
      expect(neverServed.test(path)).toBe(true);
    }
    for (const path of ['/main.js', '/remoteEntry.js', '/mf-manifest.json', '/sitemap.xml', '/maps']) {
      expect(neverServed.test(path)).toBe(false);
    }
  });

  it('a nonce is new for every answer and 128 bits of base64', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
