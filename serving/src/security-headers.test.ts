import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  baselineHeaders,
  hostContentSecurityPolicy,
  hostPageHeaders,
  hostPolicySources,
  newNonce,
} from './security-headers';
import { neverServed } from './serving-rules';

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
    assert.deepEqual(csp['default-src'], ["'self'"]);
    assert.deepEqual(csp['script-src'], [
      "'self'",
      "'nonce-bm9uY2U='",
      'https://events.cdn.example',
      'https://communities.cdn.example',
    ]);
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      'https://api.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://login.microsoftonline.com',
      'https://events.cdn.example',
      'https://communities.cdn.example',
    ]);
    assert.deepEqual(csp['frame-src'], ['https://login.microsoftonline.com']);
    assert.deepEqual(csp['img-src'], ["'self'", 'data:', 'https:']);
  });

  it('locally: the Auth emulator and the IdP stand-in instead of Google and Entra, and loopback images', () => {
    const sources = hostPolicySources(
      { events: 'http://localhost:3001/mf-manifest.json' },
      local,
      'http://localhost:3000',
    );
    const csp = directives(hostContentSecurityPolicy(sources, 'bm9uY2U='));
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      'http://localhost:8080',
      'http://127.0.0.1:9099',
      'https://localhost:8443',
      'http://localhost:3001',
    ]);
    assert.deepEqual(csp['frame-src'], ['https://localhost:8443']);
    assert.deepEqual(csp['img-src'], ["'self'", 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
  });

  it("a relative API address or a remote on the site's own origin is 'self', not repeated", () => {
    const sources = hostPolicySources(
      { events: '/remotes/events/mf-manifest.json' },
      { apiBaseUrl: '/' },
      'https://hub.example',
    );
    const csp = directives(hostContentSecurityPolicy(sources, 'bm9uY2U='));
    assert.deepEqual(csp['script-src'], ["'self'", "'nonce-bm9uY2U='"]);
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      ...['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    ]);
    assert.deepEqual(csp['frame-src'], ["'none'"]);
  });

  it('never allows inline or eval scripts, allows styles only by nonce, and locks down objects, base, forms and framing', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const text = hostContentSecurityPolicy(sources, 'bm9uY2U=');
    assert.doesNotMatch(text, /unsafe-/);
    const csp = directives(text);
    assert.deepEqual(csp['style-src'], ["'self'", "'nonce-bm9uY2U='"]);
    assert.equal(csp['script-src']?.filter((source) => source.startsWith("'nonce-")).join(), "'nonce-bm9uY2U='");
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'self'"]);
    assert.deepEqual(csp['form-action'], ["'self'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
  });

  it('page headers: CSP, revalidated, and DENY framing; the MSAL bridge page may be framed by the site only', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const page = hostPageHeaders(sources, 'bm9uY2U=');
    assert.equal(page['X-Content-Type-Options'], 'nosniff');
    assert.equal(page['Referrer-Policy'], 'strict-origin-when-cross-origin');
    assert.equal(page['X-Frame-Options'], 'DENY');
    assert.equal(page['Cache-Control'], 'no-cache');
    assert.ok(page['Permissions-Policy']!.includes('camera=()'));
    const bridge = hostPageHeaders(sources, 'bm9uY2U=', 'same-origin');
    assert.equal(bridge['X-Frame-Options'], 'SAMEORIGIN');
    assert.deepEqual(directives(bridge['Content-Security-Policy']!)['frame-ancestors'], ["'self'"]);
  });
});

describe('CSP violation reports (issue 24)', () => {
  it("report to the API's api/client-errors/csp through the Reporting API", () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const page = hostPageHeaders(sources, 'bm9uY2U=');
    assert.deepEqual(directives(page['Content-Security-Policy']!)['report-to'], ['hub-csp']);
    assert.equal(page['Reporting-Endpoints'], 'hub-csp="https://api.example/api/client-errors/csp"');
  });

  it('and through report-uri, to the same endpoint, for browsers without the Reporting API (Firefox)', () => {
    const sources = hostPolicySources(remotes, production, 'https://hub.example');
    const page = hostPageHeaders(sources, 'bm9uY2U=');
    assert.deepEqual(directives(page['Content-Security-Policy']!)['report-uri'], [
      'https://api.example/api/client-errors/csp',
    ]);
  });

  it('resolve a relative or path-prefixed API address against the site', () => {
    const relative = hostPolicySources(remotes, { apiBaseUrl: '/' }, 'https://hub.example');
    assert.equal(relative.reports, 'https://hub.example/api/client-errors/csp');
    const prefixed = hostPolicySources(remotes, { apiBaseUrl: 'https://hub.example/backend' }, 'https://hub.example');
    assert.equal(prefixed.reports, 'https://hub.example/backend/api/client-errors/csp');
  });

  it('are left out when no report address is known', () => {
    const { reports: _none, ...sources } = hostPolicySources(remotes, production, 'https://hub.example');
    const page = hostPageHeaders(sources, 'bm9uY2U=');
    assert.equal(directives(page['Content-Security-Policy']!)['report-to'], undefined);
    assert.equal(directives(page['Content-Security-Policy']!)['report-uri'], undefined);
    assert.equal(page['Reporting-Endpoints'], undefined);
  });
});

describe('the rest of the policy', () => {
  it('every answer is nosniff, strict-origin-when-cross-origin, not frameable, with features off', () => {
    const { 'Permissions-Policy': permissions, ...rest } = baselineHeaders;
    assert.deepEqual(rest, {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    assert.match(permissions ?? '', /^accelerometer=\(\), .*geolocation=\(\), .*microphone=\(\)/);
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
      assert.equal(neverServed.test(path), true);
    }
    for (const path of ['/main.js', '/remoteEntry.js', '/mf-manifest.json', '/sitemap.xml', '/maps']) {
      assert.equal(neverServed.test(path), false);
    }
  });

  it('a nonce is new for every answer and 128 bits of base64', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) assert.equal(Buffer.from(nonce, 'base64').length, 16);
  });
});
