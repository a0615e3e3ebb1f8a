import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isRemoteEntered, onRemoteEntered } from '../federation/remote-registry';
import { prefetchRoute, type PrefetchOptions } from './route-prefetch';
import type { RouteEntry } from './route-table';

/** An anchor's address when it is a page of this site (not a download, another origin or a new tab). */
export function internalUrl(anchor: HTMLAnchorElement): URL | null {
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/** The performance mark idle warming sets when it starts. */
export const warmingMark = 'hub:idle-warming';

/** How long the network must have been quiet before idle warming starts. */
export const quietMs = 1000;

/**
 * Runs `task` once the page has settled: the main thread idle and no resource finished for
 * `quietMs`. Warming then never competes with the page's own loading (its lazy chunks, its data),
 * and what a page costs stays what it costs (the e2e budget guard and the bench measure the page
 * up to a 500 ms quiet network, before warming starts).
 */
function whenSettled(task: () => void): () => void {
  let lastActivity = performance.now();
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver(() => {
          lastActivity = performance.now();
        })
      : undefined;
  observer?.observe({ type: 'resource' });
  let timer: number | undefined;
  let idle: number | undefined;
  const whenIdle = (next: () => void) => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(next);
    else timer = window.setTimeout(next, 1);
  };
  const check = () => {
    const quietFor = performance.now() - lastActivity;
    if (quietFor >= quietMs) {
      observer?.disconnect();
      task();
    } else {
      timer = window.setTimeout(() => whenIdle(check), quietMs - quietFor);
    }
  };
  whenIdle(check);
  return () => {
    observer?.disconnect();
    if (timer !== undefined) window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Calls `step` on each item in idle periods, as many as each period leaves time for (at least one),
 * so that warming a page's links never makes one long task: resolving a link against the route
 * table and starting its fetch is a few milliseconds each, ten or more links on a page, ×4 on a phone
 * (issue 24: one task of 89 ms at CPU ×4 on `/about`, after the page had settled, counted into
 * Lighthouse's Total Blocking Time). Without requestIdleCallback, one item per task.
 */
export function forEachInIdleSlices<T>(items: T[], step: (item: T) => void): () => void {
  let next = 0;
  let handle: number | undefined;
  let usesIdle = false;
  const slice = (deadline?: IdleDeadline) => {
    do step(items[next++]!);
    while (next < items.length && deadline !== undefined && deadline.timeRemaining() > 1);
    schedule();
  };
  const schedule = () => {
    if (next >= items.length) return;
    usesIdle = typeof window.requestIdleCallback === 'function';
    handle = usesIdle ? window.requestIdleCallback(slice) : window.setTimeout(slice, 1);
  };
  schedule();
  return () => {
    next = items.length;
    if (handle === undefined) return;
    if (usesIdle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether the visitor's connection can spare the idle warming (about 118 KB of code on `/`): not
 * when they asked the browser to save data, nor on a 2G-class connection, where it would compete
 * with whatever they open next. The Network Information API is Chromium's; elsewhere warming runs.
 * Pointing at or focusing a link still fetches that one screen: the visitor is about to open it.
 */
export function connectionAllowsWarming(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** Idle warming stays inside what this page has already fetched, and never reaches the admin area. */
const idleWarming: PrefetchOptions = {
  data: false,
  enteredOnly: (remote) => remote !== 'admin' && isRemoteEntered(remote),
};

/**
 * Makes opening another area feel instant (issue 14):
 *  - pointing at or focusing a link to a remote screen starts its code and its first requests
 *    (one delegated listener for the whole document, so every link of every area takes part);
 *  - when the page has settled (main thread idle, network quiet), the screens it links to are
 *    fetched (code only) from the remotes whose entry the page has already run; a remote that is not on the page yet is only
 *    fetched once a link to it is pointed at (DESIGN's "Lazy" rule, see docs/decisions.md); not
 *    at all when the visitor saves data or is on a 2G-class connection (connectionAllowsWarming).
 * Both go through the route guard's rules: a screen the user may not open is never fetched.
 */
export function useLinkPrefetch(table: RouteEntry[]): void {
  const { pathname } = useLocation();

  useEffect(() => {
    let last: Element | null = null;
    const onIntent = (event: Event) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      // pointerover fires again for each child of the link; once per link is enough.
      if (!(anchor instanceof HTMLAnchorElement) || anchor === last) return;
      last = anchor;
      const url = internalUrl(anchor);
      if (url) prefetchRoute(table, url, { data: true });
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [table]);

  useEffect(() => {
    if (!connectionAllowsWarming()) return;
    let cancel = () => {};
    const warm = () => {
      // Marks where the page's own loading ends and the next page's begins (the budget guard reads it).
      performance.mark?.(warmingMark);
      const urls = new Map<string, URL>();
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        const url = internalUrl(anchor);
        if (url && !urls.has(url.pathname)) urls.set(url.pathname, url);
      }
      cancel = forEachInIdleSlices([...urls.values()], (url) => prefetchRoute(table, url, idleWarming));
    };
    const schedule = () => {
      cancel();
      cancel = whenSettled(warm);
    };
    schedule();
    // The widgets' remotes enter after the first idle moment: look again once one has.
    const off = onRemoteEntered(schedule);
    return () => {
      off();
      cancel();
    };
  }, [pathname, table]);
}
