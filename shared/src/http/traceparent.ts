/**
 * W3C Trace Context for API calls (issue 24: "a trace joins a click to its SQL"): each call starts a
 * trace of its own, sampled, whose id the API's server span, its SQL spans and its access line take
 * (api/src/observability). No tracing library runs in the browser: a random id is all it needs.
 */

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** `00-<32 hex trace id>-<16 hex parent id>-01`; never the all-zero ids the standard forbids. */
export function newTraceparent(): string {
  const random = crypto.getRandomValues(new Uint8Array(24));
  // One fixed bit in each id keeps it from ever being all zeros (probability 2^-128 otherwise).
  random[0] = random[0]! | 1;
  random[16] = random[16]! | 1;
  return `00-${hex(random.subarray(0, 16))}-${hex(random.subarray(16))}-01`;
}

/** Request headers a browser sends cross-origin without a preflight (Fetch's CORS-safelisted). */
const SAFELISTED_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Whether a call carries `traceparent`. A header of our own makes a cross-origin request
 * "non-simple", so the browser would first ask the API's permission (a preflight, one per address):
 * an extra round trip on every anonymous catalogue read of a page. So it is sent when it costs
 * nothing: same-origin calls, and calls already preflighted (a write, a JSON body, a bearer token):
 * every click that changes something, and every signed-in call.
 */
export function carriesTraceparent(url: string, method: string, headers: Headers): boolean {
  const origin = typeof window !== 'undefined' ? window.location.origin : undefined;
  if (origin && new URL(url, origin).origin === origin) return true;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return true;
  if (headers.has('Authorization')) return true;
  const type = headers.get('Content-Type')?.split(';', 1)[0]?.trim().toLowerCase();
  return type !== undefined && !SAFELISTED_CONTENT_TYPES.includes(type);
}
