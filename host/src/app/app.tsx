import { useMemo } from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { hubStore, themeAtom } from '@hub/shared';
import { createRoutes } from '../routing/create-routes';
import { buildRouteTable } from '../routing/route-table';

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

/** The shell: one jotai store, one Fluent theme, one router, for the host and every remote. */
export function App({ productSlug }: { productSlug: string }) {
  return (
    <JotaiProvider store={hubStore}>
      <ThemedSite productSlug={productSlug} />
    </JotaiProvider>
  );
}
