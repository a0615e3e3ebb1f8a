/**
 * A query string from a filter object: leaves out what is unset or empty, so that "no filter" is
 * one URL (and one cache key) however the screen spelled it.
 */
export function searchParams(query: Readonly<Record<string, string | number | undefined | null>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The same filter without its unset entries: the cache key of a filtered read. */
export function definedEntries<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}
