import { RouterProvider } from 'react-router';
import { FluentProvider, makeStyles, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';
import { themeAtom, useAtomValue } from '@hub/shared';
import { AppProviders } from './app-providers';
import type { SiteRouter } from './create-site-router';
import { useHydrationSafe } from './use-hydrated';

// A class, not a style attribute: the CSP blocks style attributes in the prerendered HTML.
const useStyles = makeStyles({ provider: { minHeight: '100vh', display: 'flex', flexDirection: 'column' } });

function ThemedSite({ router }: { router: SiteRouter }) {
  const styles = useStyles();
  // The build prerenders the light theme; the stored or system choice applies once hydrated.
  const theme = useHydrationSafe(useAtomValue(themeAtom), 'light');
  return (
    <FluentProvider
      theme={theme === 'dark' ? webDarkTheme : webLightTheme}
      data-theme={theme}
      className={styles.provider}
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
}

/**
 * The shell: one jotai store, one query cache, one style renderer, one Fluent theme, one router, for
 * the host and every remote. Rendered by the browser (bootstrap.tsx) and by the build's prerender
 * (prerender/render-route.tsx), which must produce the same markup.
 */
export function App({ router, renderer, targetDocument }: AppProps) {
  return (
    <AppProviders>
      <RendererProvider renderer={renderer} targetDocument={targetDocument}>
        <ThemedSite router={router} />
      </RendererProvider>
    </AppProviders>
  );
}
