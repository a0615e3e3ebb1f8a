import { lazy, type ComponentType } from 'react';

/** A screen a remote exposes that can be fetched before it is shown (React.lazy alone cannot). */
export type PreloadableComponent = ComponentType & { preload?: () => Promise<unknown> };

/**
 * `React.lazy` plus a `preload()` that starts the same import: the host calls it when a link to
 * the screen is pointed at, or when a navigation to it starts, so the screen's chunk downloads
 * beside its data instead of after the area's routes module has rendered. The import runs once;
 * `lazy` and `preload` share its promise. A failed import is forgotten so Retry can load it again.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PreloadableComponent {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    pending ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Page: PreloadableComponent = lazy(start);
  Page.preload = start;
  return Page;
}

/** Starts fetching a screen's code when it supports it; resolves either way (a preload never fails a page). */
export function preloadPage(page: ComponentType | undefined): Promise<void> {
  const preload = (page as PreloadableComponent | undefined)?.preload;
  return preload
    ? preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
