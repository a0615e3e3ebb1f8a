/**
 * The site's security headers, written once. The local static servers (static-server.ts) apply
 * them to every answer, and the production nginx configuration (nginx-config.ts) states the same
 * in every location; serving-rules.ts says which answer gets which.
 *
 * The host's pages get a Content-Security-Policy whose origins come from the deploy-time
 * configuration (`/remotes.json`, `/app-config.json`), and a fresh style nonce per answer: Fluent
 * UI's Griffel inserts <style> elements at run time, and the host's renderer gives each one the
 * nonce it reads from the page (host/src/app/style-renderer.ts). Scripts come from the site or a
 * remote origin, except one inline script with the same nonce (issue 14: the pages of remote routes
 * ask for their remote's files from the HTML).
 */

/** Written in the HTML templates where the per-answer nonce goes (host/src/index.html, the bridge page). */
export const cspNoncePlaceholder = '__HUB_CSP_NONCE__';

/** The origins the host's pages talk to, from the deploy-time configuration. */
export interface HostPolicySources {
  /** Where the remotes' manifests, entries and chunks come from (script-src, connect-src). */
  remotes: string[];
  /** The API (connect-src). */
  api: string[];
  /** Identity endpoints the browser calls: Firebase Auth (or its emulator) and the work-account provider. */
  identity: string[];
  /** What MSAL may load in a hidden frame (silent token renewal at the provider's authority). */
  frames: string[];
  /** Image addresses (community and event images are https addresses; plain http on loopback locally). */
  images: string[];
  /**
   * Where browsers send the page's CSP violation reports (the API's `api/client-errors/csp`, issue
   * 24): the `report-to` group's endpoint in `Reporting-Endpoints`, and the CSP's `report-uri` for
   * browsers without the Reporting API. Absent: no reporting.
   */
  reports?: string;
}

/** The Reporting API group the host's CSP reports to (`report-to`, `Reporting-Endpoints`). */
export const cspReportGroup = 'hub-csp';

/** The parts of `/app-config.json` the policy reads (serving/src/site-config.ts writes them). */
export interface AppConfigSources {
  apiBaseUrl: string;
  firebase?: { emulatorUrl?: string };
  msal?: { authority?: string; knownAuthorities?: string[] };
}

/** Firebase Authentication's REST endpoints in production (identitytoolkit for sign-in, securetoken for refresh). */
export const firebaseAuthOrigins = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

const unique = (values: string[]) => [...new Set(values)];
const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** The origin of an address; relative addresses are the site's own ('self'). */
function originOf(address: string, siteOrigin: string): string {
  const url = new URL(address, siteOrigin);
  return url.origin === new URL(siteOrigin).origin ? "'self'" : url.origin;
}

/** Derives the host's sources from the two deploy-time documents the host serves. */
export function hostPolicySources(
  remotes: Record<string, string>,
  appConfig: AppConfigSources,
  siteOrigin: string,
): HostPolicySources {
  const origin = (address: string) => originOf(address, siteOrigin);
  const emulator = appConfig.firebase?.emulatorUrl;
  const authority = appConfig.msal?.authority;
  const msalOrigins = authority
    ? unique([origin(authority), ...(appConfig.msal?.knownAuthorities ?? []).map((host) => `https://${host}`)])
    : [];
  const local = loopback.test(new URL(siteOrigin).hostname);
  return {
    remotes: unique(Object.values(remotes).map(origin)),
    api: [origin(appConfig.apiBaseUrl)],
    identity: unique([...(emulator ? [origin(emulator)] : firebaseAuthOrigins), ...msalOrigins]),
    frames: msalOrigins,
    images: ['data:', 'https:', ...(local ? ['http://localhost:*', 'http://127.0.0.1:*'] : [])],
    reports: new URL('api/client-errors/csp', new URL(appConfig.apiBaseUrl.replace(/\/*$/, '/'), siteOrigin)).href,
  };
}

const directive = (name: string, sources: string[]) => `${name} ${unique(sources).join(' ')}`;

/**
 * The CSP of the host's pages. `'self'` first everywhere it applies; no 'unsafe-inline' and no
 * 'unsafe-eval' anywhere; styles and inline scripts only with this answer's nonce.
 */
export function hostContentSecurityPolicy(
  sources: HostPolicySources,
  nonce: string,
  framing: Framing = 'none',
): string {
  return [
    "default-src 'self'",
    // The nonce: the one inline script, the pages of remote routes starting their remote early
    // (host/src/federation/early-remote-start.ts); every other script is a file.
    directive('script-src', ["'self'", `'nonce-${nonce}'`, ...sources.remotes]),
    directive('style-src', ["'self'", `'nonce-${nonce}'`]),
    directive('img-src', ["'self'", ...sources.images]),
    "font-src 'self'",
    directive('connect-src', ["'self'", ...sources.api, ...sources.identity, ...sources.remotes]),
    directive('frame-src', sources.frames.length ? sources.frames : ["'none'"]),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framing === 'none' ? "'none'" : "'self'"}`,
    // Violations go to the API (logged and counted there); the group is defined by Reporting-Endpoints.
    // report-uri is for browsers without the Reporting API (Firefox), which post
    // application/csp-report to the same endpoint; browsers that know report-to ignore it.
    ...(sources.reports ? [`report-to ${cspReportGroup}`, `report-uri ${sources.reports}`] : []),
  ].join('; ');
}

/**
 * The Reporting API's endpoints header of a host page (Structured Fields: `name="url"`): where the
 * CSP's `report-to` group delivers, as `application/reports+json`. Empty without a report address.
 */
export function reportingEndpointsHeader(sources: HostPolicySources): Record<string, string> {
  return sources.reports ? { 'Reporting-Endpoints': `${cspReportGroup}="${sources.reports}"` } : {};
}

/**
 * Who may frame a page. Nobody, except the work-account bridge page, which MSAL's silent token
 * renewal loads in a hidden frame of the site itself ('same-origin').
 */
export type Framing = 'none' | 'same-origin';

/** Features the site never uses, switched off for it and anything it embeds. */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** On every answer of every app, whatever it is. */
export const baselineHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': permissionsPolicy,
  // For browsers that predate CSP's frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/**
 * The headers of one of the host's HTML pages. Revalidated like every un-hashed file (DESIGN.md),
 * and sent with no validator (ETag, Last-Modified): the page carries this answer's nonce, so it is
 * never answered 304, which would pair a cached page's old nonce with a new answer's CSP.
 */
export function hostPageHeaders(
  sources: HostPolicySources,
  nonce: string,
  framing: Framing = 'none',
): Record<string, string> {
  return {
    ...baselineHeaders,
    'X-Frame-Options': framing === 'none' ? 'DENY' : 'SAMEORIGIN',
    'Content-Security-Policy': hostContentSecurityPolicy(sources, nonce, framing),
    ...reportingEndpointsHeader(sources),
    'Cache-Control': 'no-cache',
  };
}

/** The bridge page MSAL's popup, redirect and silent renewal all land on (host/src/auth-redirect). */
export const redirectBridgePath = '/auth/redirect.html';

export const framingOf = (pathname: string): Framing => (pathname === redirectBridgePath ? 'same-origin' : 'none');

/** A random nonce for one answer (128 bits, base64 as CSP's nonce-source allows). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
