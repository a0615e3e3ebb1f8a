import { Suspense, use, useCallback, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteName } from '@hub/shared';
import { loadRemoteModule, retryRemote } from '../../federation/remote-registry';
import { containerName } from '../../federation/container-name';
import { forgetSharedMismatch, sharedMismatchOf } from '../../federation/host-wins-share-plugin';
import { RemoteUnavailable } from './remote-unavailable';
import { AreaLoading } from './area-loading';
import { Committed } from '../remote-page/drawn-widget';
import { useHydrated } from '../../app/use-hydrated';

export interface RemoteAreaProps<T> {
  remote: RemoteName;
  /** The exposed module, e.g. 'routes' or 'widgets'. */
  exposed: string;
  /** What the user calls this area, for the failure message ("Events", "Communities"…). */
  label: string;
  variant: 'page' | 'widget';
  render: (module: T) => ReactNode;
  /** Shown while loading instead of the area's generic placeholder (a screen's frame from the HTML). */
  placeholder?: ReactNode;
  /** Called before the paint that shows the area's failure (a home widget then drops its drawn frame). */
  onFailure?: () => void;
}

function RemoteModule<T>({ remote, exposed, render }: Pick<RemoteAreaProps<T>, 'remote' | 'exposed' | 'render'>) {
  const module = use(loadRemoteModule<T>(remote, exposed));
  return <>{render(module)}</>;
}

/**
 * The fault-isolation boundary around every remote route and widget: while loading it shows a
 * placeholder; if the remote is down, slow to fail or throws while rendering, only this area shows
 * the message with Retry, and Retry loads it again without reloading the page. A remote refused for
 * needing shared versions the site does not provide (host-wins-share-plugin.ts) says so instead.
 */
export function RemoteArea<T>({ remote, exposed, label, variant, render, placeholder, onFailure }: RemoteAreaProps<T>) {
  const [attempt, setAttempt] = useState(0);
  // A prerendered page carries the area's placeholder; the remote is loaded once that page is
  // hydrated (loading it during hydration would replace markup React is still matching).
  const hydrated = useHydrated();
  const retry = useCallback(() => {
    forgetSharedMismatch(containerName(remote));
    retryRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  const loading = placeholder ?? <AreaLoading label={label} variant={variant} />;
  if (!hydrated) return loading;
  return (
    <ErrorBoundary
      key={attempt}
      fallbackRender={() => (
        <>
          <Committed onCommit={onFailure} />
          <RemoteUnavailable
            label={label}
            variant={variant}
            onRetry={retry}
            incompatible={sharedMismatchOf(containerName(remote))}
          />
        </>
      )}
    >
      <Suspense fallback={loading}>
        <RemoteModule remote={remote} exposed={exposed} render={render} />
      </Suspense>
    </ErrorBoundary>
  );
}
