import { isRememberedUrl, isSiteLocalPath } from './last-visited';

/**
 * The pages this browser has shown recently, with their titles: what the site's error screen offers
 * when a page cannot be opened offline (host/src/pages/route-error). A page that was shown has had
 * its code loaded, which the service worker keeps, and its answers kept (the worker's copy of public
 * answers, the signed-in user's stored ones): these are the pages that can be read offline.
 * Forgotten at logout, like the last visited page.
 */
export const readPagesKey = 'hub-read-pages';

/** How many are kept: a short list to choose from, not a history. */
export const readPagesLimit = 8;

export interface ReadPage {
  path: string;
  title: string;
}

function isReadPage(value: unknown): value is ReadPage {
  const page = value as ReadPage;
  return typeof page?.path === 'string' && typeof page.title === 'string' && isSiteLocalPath(page.path);
}

export function readPages(storage: Storage = localStorage): ReadPage[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(readPagesKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isReadPage) : [];
  } catch {
    return [];
  }
}

/** Notes a page that was shown (most recent first, each path once). */
export function rememberReadPage(page: ReadPage, storage: Storage = localStorage): void {
  if (!isRememberedUrl(page.path) || !isSiteLocalPath(page.path) || page.path === '/callback') return;
  const pages = [page, ...readPages(storage).filter((p) => p.path !== page.path)].slice(0, readPagesLimit);
  try {
    storage.setItem(readPagesKey, JSON.stringify(pages));
  } catch {
    // Full or disabled storage: the offline screen only offers fewer pages.
  }
}

export function forgetReadPages(storage: Storage = localStorage): void {
  try {
    storage.removeItem(readPagesKey);
  } catch {
    // see rememberReadPage
  }
}
