import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { RendererProvider } from '@griffel/react';
import { themeAtom, useAtomValue } from '@hub/shared';
import { AppProviders } from './app-providers';
import { createRoutes } from '../routing/create-routes';
import { buildRouteTable } from '../routing/route-table';
import { createStyleRenderer } from './style-renderer';

function ThemedSite({ productSlug }: { productSlug: string }) {
  const theme = useAtomValue(themeAtom);
  const router = useMemo(() => createBrowserRouter(createRoutes(buildRouteTable(productSlug))), [productSlug]);
  return (
    <FluentProvider
      theme={theme === 'dark' ? webDarkTheme : webLightTheme}
      data-theme={theme}
      style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
    >
      <RouterProvider router={router} />
    </FluentProvider>
  );
}

/**
 * The shell: one jotai store, one query cache, one style renderer, one Fluent theme, one router, for
 * the host and every remote.
 */
export function App({ productSlug }: { productSlug: string }) {
  // One style renderer carrying the page's CSP nonce (style-renderer.ts); FluentProvider's theme tag uses it too.
  const renderer = useMemo(() => createStyleRenderer(document), []);
  return (
    <AppProviders>
      <RendererProvider renderer={renderer} targetDocument={document}>
        <ThemedSite productSlug={productSlug} />
      </RendererProvider>
    </AppProviders>
  );
}
