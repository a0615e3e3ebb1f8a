/**
 * The API answers a page's HTML came with. The host's page server draws the top of a public detail
 * page (an event, a community) from the API's answers and writes those answers into the page, in a
 * JSON data block (host/server/page-server/render-detail-page.tsx); the page's own first reads of the
 * same addresses take them here instead of asking the API again (issue 14: the page's remote then
 * renders its data at once, over the very frame the HTML painted).
 *
 * Only public reads are written there (read without a user, cacheable by any CDN), so they are the
 * same for every visitor. Each is taken once, by a plain read (not one asking the API itself,
 * `cache: 'no-cache'`): a later read asks the API.
 */
export const firstReadsElementId = 'hub-first-reads';

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  if (answers === undefined) {
    answers = new Map();
    const element = typeof document === 'undefined' ? null : document.getElementById(firstReadsElementId);
    try {
      const parsed: unknown = element?.textContent ? JSON.parse(element.textContent) : null;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        for (const [path, value] of Object.entries(parsed)) answers.set(path, value);
    } catch {
      // A page whose block cannot be read reads the API, as without one.
    }
  }
  return answers;
}

/** The page's answer for an API path (`api/events/31`), once; undefined when it has none (left). */
export function takeFirstRead(relativePath: string): { value: unknown } | undefined {
  const all = readAnswers();
  if (!all.has(relativePath)) return undefined;
  const value = all.get(relativePath);
  all.delete(relativePath);
  return { value };
}

/** The API paths the page's HTML answered and no read has taken yet. */
export function pendingFirstReads(): string[] {
  return [...readAnswers().keys()];
}

/** For tests: read the document again. */
export function forgetFirstReads(): void {
  answers = undefined;
}

/**
 * A query's `initialData` from the page's answer for its path (issues 24 and 27): the home's widgets
 * render their data on their first render, over the frame the HTML painted from the same answers,
 * rather than a placeholder for the moment a read through the API client would take. Taken once,
 * as by a read; undefined when the page has none (the query then reads the API).
 */
export function firstReadData<T>(relativePath: string): () => T | undefined {
  return () => takeFirstRead(relativePath)?.value as T | undefined;
}
