import CachePolicy from 'http-cache-semantics';
import { apiUrl, type ReadAnswer } from '@hub/shared';

/**
 * Whether an API answer may go into a page's HTML: only what the API marks as a shared cache (a CDN)
 * may keep (`Cache-Control: public, …, s-maxage=30` on the catalogue reads), judged by RFC 9111's
 * rules (http-cache-semantics, a shared cache). A page's answers are the same for every visitor and
 * are taken by the page as its first reads (shared/src/http/first-reads.ts); an answer the API keeps
 * from shared caches (`no-store`, `private`, or an error) is not written into it, and the frame is
 * drawn without it.
 *
 * The page server keeps no answer between pages: an answer in the HTML is taken as fresh by the
 * page, and a visitor who has just joined a community would see the count from before for up to
 * `s-maxage` (docs/decisions.md, "The communities grid in its HTML").
 */
export function isPublicAnswer(url: string, response: Response): boolean {
  if (!response.ok) return false;
  const policy = new CachePolicy(
    { url, method: 'GET', headers: { accept: 'application/json' } },
    { status: response.status, headers: Object.fromEntries(response.headers.entries()) },
    { shared: true },
  );
  return policy.storable() && /\bpublic\b/i.test(response.headers.get('cache-control') ?? '');
}

/**
 * A page's reads of the API: public answers only (undefined otherwise), all under one deadline, so a
 * slow API costs the visitor `timeoutMs` at most.
 */
export function publicReader(apiBaseUrl: string, timeoutMs: number, fetchFn: typeof fetch = fetch): ReadAnswer {
  const deadline = AbortSignal.timeout(timeoutMs);
  return async (path) => {
    const url = apiUrl(apiBaseUrl, path);
    const answer = await fetchFn(url, { headers: { Accept: 'application/json' }, signal: deadline });
    return isPublicAnswer(url, answer) ? answer.json() : undefined;
  };
}
