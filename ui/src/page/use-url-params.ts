import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlParamsChangeOptions {
  /** A change while typing replaces the history entry; any other adds one. */
  typing?: boolean;
}

/**
 * A screen's state that lives in the URL's query (filters, order, page), so that a link reproduces
 * the view: read from the address, changed by patches. `read` and `write` must be stable (module
 * functions).
 *
 * A patch applies to the state last asked for, not to the one last drawn. The router draws a new
 * address as a transition, which a busy phone can take a while to commit; two changes in quick
 * succession (clear the filters, then choose an order) would otherwise both start from the old state,
 * and the second would bring back what the first cleared. An address the screen did not ask for (back,
 * forward, a link) replaces whatever was asked.
 */
export function useUrlParams<P extends object>(
  read: (query: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
): [P, (patch: Partial<P>, options?: UrlParamsChangeOptions) => void] {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => read(query), [read, query]);
  const asked = useRef(params);
  // The queries asked for and not yet drawn, oldest first.
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const drawn = pending.current.indexOf(query.toString());
    pending.current = drawn < 0 ? [] : pending.current.slice(drawn + 1);
    if (pending.current.length === 0) asked.current = params;
  }, [query, params]);

  const change = useCallback(
    (patch: Partial<P>, { typing = false }: UrlParamsChangeOptions = {}) => {
      const next = { ...asked.current, ...patch };
      const nextQuery = write(next);
      asked.current = next;
      pending.current.push(nextQuery.toString());
      setQuery(nextQuery, { replace: typing });
    },
    [write, setQuery],
  );
  return [params, change];
}
