import { ScrollRestoration } from 'react-router';
import { SiteLayout } from '../app/site-layout';
import { useLastVisitedTracking } from './use-last-visited-tracking';
import { useAnchorScrolling } from './use-anchor-scrolling';
import { useIdentityNavigator } from './use-identity-navigator';

/** The single parent route: the site's chrome plus the router-level behaviours of SPEC §2. */
export function RootLayout() {
  useLastVisitedTracking();
  useAnchorScrolling();
  useIdentityNavigator();
  return (
    <>
      <SiteLayout />
      <ScrollRestoration />
    </>
  );
}
