import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { RemoteName, RemotePageKey, RemoteRoutes } from '@hub/shared';
import { RemoteArea } from '../remote-area/remote-area';
import { AreaLoading } from '../remote-area/area-loading';
import { FirstLoadFrame, firstLoadFrameOf } from './first-load-frame';

export interface RemotePageProps<R extends RemoteName> {
  remote: R;
  page: RemotePageKey<R>;
  label: string;
}

/**
 * A route's screen that lives in a remote, isolated by its own RemoteArea. Keyed by the screen:
 * every route renders this at the same place in the tree, so without the key a failed screen's
 * error boundary would stay in its failed state when the user navigates to another remote screen.
 */
export function RemotePage<R extends RemoteName>({ remote, page, label }: RemotePageProps<R>) {
  // The first load of a list screen, or of the detail page the HTML was drawn for: its frame came
  // with the HTML and stays, unchanged, until the remote's page renders the same frame (issue 14);
  // otherwise the area's generic placeholder.
  const screen = `${remote}:${String(page)}`;
  const { pathname, search } = useLocation();
  const frame = firstLoadFrameOf(screen, `${pathname}${search}`);
  const placeholder = frame === null ? undefined : <FirstLoadFrame screen={screen} html={frame} />;
  return (
    <RemoteArea<RemoteRoutes<R>>
      key={`${remote}:${String(page)}`}
      remote={remote}
      exposed="routes"
      label={label}
      variant="page"
      placeholder={placeholder}
      render={(module) => {
        const Page: ComponentType | undefined = module.pages[page];
        if (!Page) throw new Error(`The '${remote}' area does not provide the '${String(page)}' screen.`);
        return (
          <div data-remote={remote} data-remote-build={module.build.buildId}>
            <Suspense fallback={placeholder ?? <AreaLoading label={label} variant="page" />}>
              <Page />
            </Suspense>
          </div>
        );
      }}
    />
  );
}
