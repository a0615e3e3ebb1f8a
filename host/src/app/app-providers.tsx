import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { hubStore, queryClient, Provider as JotaiProvider } from '@hub/shared';

/**
 * The site-wide state every area shares, provided once at the top of the tree: the one jotai store
 * and the one query cache (both owned by `@hub/shared`, both singletons across the federation).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={hubStore}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </JotaiProvider>
  );
}
