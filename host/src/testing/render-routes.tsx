import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHubQueryClient, Provider, type HubStore } from '@hub/shared';
import { createRoutes } from '../routing/create-routes';
import { buildRouteTable } from '../routing/route-table';

/**
 * The host's whole route table rendered at `path` in a memory router, with the providers the site
 * frame needs (query client, store, Fluent theme): the routing and error-screen tests render the
 * site this one way. Returns the router, to read where a guard sent the visitor.
 */
export function renderRoutes(path: string, store: HubStore) {
  const router = createMemoryRouter(createRoutes(buildRouteTable(), store), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createHubQueryClient()}>
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>
      </Provider>
    </QueryClientProvider>,
  );
  return router;
}
