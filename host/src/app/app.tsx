import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import type { GriffelRenderer } from '@griffel/react';
import { logger, themeAtom, useAtomValue } from '@hub/shared';
import { AppProviders } from './app-providers';
import { StyleRendererProvider } from './style-renderer-provider';
import { removeDarkFirstPaint } from './dark-first-paint';
import type { SiteRouter } from './create-site-router';
import { HydrationState, useHydrationSafe } from './use-hydrated';

let darkThemeLoad: Promise<Theme> | undefined;
let loadedDarkTheme: Theme | undefined;

/**
 * Fetches and builds the dark theme once (dark-theme.ts says why it is apart). The start-up calls it
 * when the stored or system choice is dark, so it arrives while the page hydrates.
 */
export function loadDarkTheme(): Promise<Theme> {
  darkThemeLoad ??= import(/* webpackChunkName: "dark-theme" */ './dark-theme').then(({ webDarkTheme }) => {
    loadedDarkTheme = webDarkTheme;
    return webDarkTheme;
  });
  return darkThemeLoad;
}

/** The dark theme once loaded (undefined until then, or when it is not wanted yet). */
function useDarkTheme(wanted: boolean): Theme | undefined {
  const [dark, setDark] = useState(loadedDarkTheme);
  useEffect(() => {
    if (!wanted || dark) return;
    let current = true;
    loadDarkTheme().then(
      (theme) => current && setDark(theme),
      // Without its code the site stays light; the next page load asks again.
      (error: unknown) => logger.error('Could not load the dark theme', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, dark]);
  return dark;
}

function ThemedSite({ router }: { router: SiteRouter }) {
  // The build prerenders the light theme; the stored or system choice applies once hydrated (and,
  // for dark, once its theme has arrived). Until then a dark choice is shown by the head's dark sheet
  // over the light provider (dark-first-paint.ts).
  const stored = useAtomValue(themeAtom);
  const chosen = useHydrationSafe(stored, 'light');
  const dark = useDarkTheme(chosen === 'dark');
  const applied = chosen === 'dark' ? dark : undefined;
  // The head's dark sheet stands in for the provider until it shows the chosen theme itself.
  const shown = stored === 'light' || (chosen === 'dark' && applied !== undefined);
  useEffect(() => {
    if (shown) removeDarkFirstPaint();
  }, [shown]);
  return (
    <FluentProvider
      theme={applied ?? webLightTheme}
      data-theme={applied ? 'dark' : 'light'}
      // No layout class here: Fluent copies the provider's classes onto every portal's mount node
      // (toasts, menus, popovers), and a full-height provider there covered the page in white.
      // The site's own layout (site-layout.tsx) takes the full height.
    >
      <RouterProvider router={router} />
    </FluentProvider>
  );
}

export interface AppProps {
  router: SiteRouter;
  /** The one style renderer (style-renderer.ts in the browser; the prerender's own at build time). */
  renderer: GriffelRenderer;
  targetDocument?: Document;
  /** The build's prerender, and the browser's hydration of its markup: render as the build could. */
  hydrating?: boolean;
}

/**
 * The shell: one jotai store, one query cache, one style renderer, one Fluent theme, one router, for
 * the host and every remote. Rendered by the browser (bootstrap.tsx) and by the build's prerender
 * (prerender/render-route.tsx), which must produce the same markup.
 */
export function App({ router, renderer, targetDocument, hydrating = false }: AppProps) {
  return (
    <AppProviders>
      <StyleRendererProvider renderer={renderer} targetDocument={targetDocument}>
        <HydrationState hydrating={hydrating}>
          <ThemedSite router={router} />
        </HydrationState>
      </StyleRendererProvider>
    </AppProviders>
  );
}
