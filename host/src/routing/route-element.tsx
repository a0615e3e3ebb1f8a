import { lazy, Suspense, type ComponentType } from 'react';
import { authStatusAtom, decideAccess, userInfoAtom, useAtomValue } from '@hub/shared';
import { Spinner } from '@fluentui/react-components';
import type { HostPageKey, RouteEntry, RouteTarget } from './route-table';
import { areaLabels } from './route-table';
import { RemotePage } from '../components/remote-page/remote-page';

// Host pages are split from the shell so the first screen carries only itself.
const hostPages: Record<HostPageKey, ComponentType> = {
  dashboard: lazy(() => import('../pages/dashboard/dashboard-page')),
  about: lazy(() => import('../pages/about/about-page')),
  hostingEvent: lazy(() => import('../pages/hosting-event/hosting-event-page')),
  privacy: lazy(() => import('../pages/privacy/privacy-page')),
  callback: lazy(() => import('../pages/callback/callback-page')),
  notFound: lazy(() => import('../pages/not-found/not-found-page')),
};

export function RouteTargetElement({ target }: { target: RouteTarget }) {
  if (target.owner === 'host') {
    const Page = hostPages[target.page];
    return (
      <Suspense fallback={<Spinner label="Loading…" labelPosition="below" />}>
        <Page />
      </Suspense>
    );
  }
  // The union is keyed by owner; TypeScript cannot follow it through the generic, so narrow by hand.
  return <RemotePage remote={target.owner} page={target.page as never} label={areaLabels[target.owner]} />;
}

/**
 * A path with several entries (SPEC §2's `event-form`): the user gets the most privileged
 * variant their access allows; the route's loader has already applied the least privileged rule.
 */
export function VariantRouteElement({ entries }: { entries: RouteEntry[] }) {
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userInfoAtom);
  const allowed = entries.filter((e) => decideAccess(e.access, status, user).allow);
  const chosen = allowed[allowed.length - 1] ?? entries[0]!;
  return <RouteTargetElement target={chosen.target} />;
}
