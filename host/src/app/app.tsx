import { RouterProvider } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';
import { themeAtom, useAtomValue } from '@hub/shared';
import { AppProviders } from './app-providers';
import type { SiteRouter } from './create-site-router';
import { useDarkTheme } from './use-dark-theme';
import { HydrationState, useHydrationSafe } from './use-hydrated';

function ThemedSite({ router }: { router: SiteRouter }) {
  // The build prerenders the light theme; the stored or system choice applies once hydrated.
  const wanted = useHydrationSafe(useAtomValue(themeAtom), 'light');
  // The dark theme is a chunk of its own: light until it has arrived.
  const dark = useDarkTheme(wanted === 'dark');
  const theme = wanted === 'dark' && dark ? dark : webLightTheme;
  return (
    <FluentProvider
      theme={theme}
      data-theme={theme === webLightTheme ? 'light' : 'dark'}
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
      <RendererProvider renderer={renderer} targetDocument={targetDocument}>
        <HydrationState hydrating={hydrating}>
          <ThemedSite router={router} />
        </HydrationState>
      </RendererProvider>
    </AppProviders>
  );
}
