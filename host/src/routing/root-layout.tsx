import { ScrollRestoration } from 'react-router';
import { SiteLayout } from '../app/site-layout';
import { useLastVisitedTracking } from './use-last-visited-tracking';
import { useReadPageTracking } from './use-read-page-tracking';
import { useAnchorScrolling } from './use-anchor-scrolling';
import { useIdentityNavigator } from './use-identity-navigator';
import { useLinkPrefetch } from './use-link-prefetch';
import type { RouteEntry } from './route-table';

/** The single parent route: the site's chrome plus the router-level behaviours of SPEC §2. */
export function RootLayout({ table }: { table: RouteEntry[] }) {
  useLastVisitedTracking();
  useReadPageTracking();
  useAnchorScrolling();
  useIdentityNavigator();
  useLinkPrefetch(table);
  return (
    <>
      <SiteLayout />
      <ScrollRestoration />
    </>
  );
}
