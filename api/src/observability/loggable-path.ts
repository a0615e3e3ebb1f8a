/**
 * The address of a request as logs and error reports may show it: no query string (searches,
 * continue links and codes travel there) and no secret path segment. A route's `token` parameter
 * (the private calendar feed, `/api/calendar/{token}.ics`) is always replaced; on an address no
 * route matched, any long opaque segment is, since a mistyped feed address still holds its secret.
 */

/** Parameters whose value is a secret (the bearer of the address is the credential). */
const SECRET_PARAMS = ['token'];
/** base64url / hex runs this long are identifiers nobody types: secrets, or at best noise. */
const OPAQUE_RUN = /[A-Za-z0-9_-]{24,}/g;
export const REDACTED = '[redacted]';

export function loggablePath(url: string, params?: Record<string, unknown>): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  const secrets = SECRET_PARAMS.map((name) => params?.[name]).filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  for (const secret of secrets) {
    path = path.split(secret).join(REDACTED);
    path = path.split(encodeURIComponent(secret)).join(REDACTED);
  }
  return path.replace(OPAQUE_RUN, REDACTED);
}
