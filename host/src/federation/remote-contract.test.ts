// The contract between the host and the remotes, checked at run time: each remote's exposed
// `routes` and `widgets` modules must offer exactly the keys the host routes to (and that
// `@hub/shared` lists), or a route would fail only once it is visited in the browser.
//
// This is the one file that imports remote source by relative path. The dependency-direction rule
// forbids it everywhere else (the host must meet remotes only through Module Federation), but a test
// of the contract has to see both sides; nothing here reaches the host's bundle.
/* eslint-disable no-restricted-imports -- contract test: reads each remote's exposed modules, see above */
import {
  firstReadQuery,
  pagesOf,
  remoteNames,
  remotePageKeys,
  remoteWidgetKeys,
  type RemoteName,
  type RemoteScreen,
} from '@hub/shared';
import * as accountRoutes from '../../../remote-account/src/routes';
import * as adminRoutes from '../../../remote-admin/src/routes';
import * as communitiesRoutes from '../../../remote-communities/src/routes';
import * as communitiesWidgets from '../../../remote-communities/src/widgets';
import * as eventsRoutes from '../../../remote-events/src/routes';
import * as eventsWidgets from '../../../remote-events/src/widgets';
import { screens as accountScreens } from '../../../remote-account/src/screens';
import { screens as adminScreens } from '../../../remote-admin/src/screens';
import { screens as communitiesScreens } from '../../../remote-communities/src/screens';
import { screens as eventsScreens } from '../../../remote-events/src/screens';
/* eslint-enable no-restricted-imports */
import { buildRouteTable } from '../routing/route-table';

const exposedRoutes = {
  events: eventsRoutes,
  communities: communitiesRoutes,
  account: accountRoutes,
  admin: adminRoutes,
};

const declaredScreens: Record<RemoteName, Record<string, RemoteScreen>> = {
  events: eventsScreens,
  communities: communitiesScreens,
  account: accountScreens,
  admin: adminScreens,
};

const exposedWidgets = {
  events: eventsWidgets,
  communities: communitiesWidgets,
};

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('host–remote contract', () => {
  it('knows the four remotes', () => {
    expect(sorted(remoteNames)).toEqual(['account', 'admin', 'communities', 'events']);
    expect(sorted(Object.keys(exposedRoutes))).toEqual(sorted(remoteNames));
  });

  describe.each(Object.keys(remotePageKeys) as RemoteName[])("the '%s' remote's routes module", (remote) => {
    const module = exposedRoutes[remote];

    it('offers exactly the page keys of remotePageKeys', () => {
      expect(sorted(Object.keys(module.pages))).toEqual(sorted(remotePageKeys[remote]));
    });

    it('offers every page as a component', () => {
      for (const page of Object.values(module.pages)) {
        expect(['function', 'object']).toContain(typeof page);
      }
    });

    it("offers each screen's declared page (screens.ts)", () => {
      expect(module.pages).toEqual(pagesOf(declaredScreens[remote]));
    });

    it("declares a screen public exactly when every route to it is public (the route table's access)", () => {
      const table = buildRouteTable();
      for (const [key, screen] of Object.entries(declaredScreens[remote])) {
        const entries = table.filter((e) => e.target.owner === remote && e.target.page === key);
        expect([key, screen.public]).toEqual([key, entries.every((e) => e.access === 'public')]);
      }
    });

    it('declares only first reads whose queries this build knows', () => {
      for (const [key, screen] of Object.entries(declaredScreens[remote])) {
        for (const read of screen.firstReads ?? []) {
          expect([key, read, firstReadQuery(read, { id: '31' }, new URLSearchParams()) !== null]).toEqual([
            key,
            read,
            true,
          ]);
        }
      }
    });

    it('says which remote built it, both as named exports and as the default export', () => {
      expect(module.build.remote).toBe(remote);
      expect(module.default.build.remote).toBe(remote);
      expect(module.default.pages).toBe(module.pages);
    });
  });

  describe.each(Object.keys(remoteWidgetKeys) as Array<keyof typeof remoteWidgetKeys>)(
    "the '%s' remote's widgets module",
    (remote) => {
      const module = exposedWidgets[remote];

      it('offers exactly the widget keys of remoteWidgetKeys', () => {
        expect(sorted(Object.keys(module.widgets))).toEqual(sorted(remoteWidgetKeys[remote]));
      });

      it('says which remote built it', () => {
        expect(module.build.remote).toBe(remote);
        expect(module.default.build.remote).toBe(remote);
      });
    },
  );

  it('every remote screen in the route table is one that its remote offers', () => {
    for (const { target } of buildRouteTable()) {
      if (target.owner === 'host') continue;
      expect(Object.keys(exposedRoutes[target.owner].pages)).toContain(target.page);
    }
  });

  it('every page a remote offers is reached by some route', () => {
    const routed = new Set(
      buildRouteTable()
        .filter(({ target }) => target.owner !== 'host')
        .map(({ target }) => `${target.owner}:${target.page}`),
    );
    for (const remote of remoteNames) {
      for (const page of remotePageKeys[remote]) expect(routed).toContain(`${remote}:${page}`);
    }
  });
});
