const absoluteUrl = /^[a-z][a-z\d+.-]*:|^\/\//i;

/**
 * SPEC §7: every call names a path relative to the API base address. Exactly one slash joins
 * them whichever side carries it. Absolute URLs are refused: the bearer token must never be sent
 * to another origin by mistake.
 */
export function apiUrl(baseUrl: string, relativePath: string): string {
  if (absoluteUrl.test(relativePath)) {
    throw new TypeError(`apiFetch takes a path relative to the API base address, not "${relativePath}"`);
  }
  const base = baseUrl.replace(/\/+$/, '');
  const path = relativePath.replace(/^\/+/, '');
  // An empty base means "same origin": keep the path rooted so it does not depend on the page's URL.
  return `${base}/${path}`;
}
