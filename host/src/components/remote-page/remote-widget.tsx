import { Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import type { RemoteWidgetKey, RemoteWidgets, WidgetRemoteName } from '@hub/shared';
import { RemoteArea } from '../remote-area/remote-area';
import { AreaLoading } from '../remote-area/area-loading';
import { useWantedOnScreen } from './use-wanted-on-screen';
import { Committed, DrawnWidget, forgetDrawnWidget, useDrawnWidget } from './drawn-widget';

export interface RemoteWidgetProps<R extends WidgetRemoteName> {
  remote: R;
  widget: RemoteWidgetKey<R>;
  label: string;
  /**
   * Load the remote only once the slot is on screen or the visitor interacts (use-wanted-on-screen.ts):
   * for a widget below the fold on a phone. Its placeholder holds the place meanwhile.
   */
  whenOnScreen?: boolean;
}

/**
 * A dashboard widget exposed by a remote; each slot fails and retries on its own. A widget its
 * remote drew into the page's HTML (drawn-widget.tsx) keeps that frame, the same element throughout
 * (through hydration and the remote's loading), until the widget itself or its failure is committed.
 */
export function RemoteWidget<R extends WidgetRemoteName>({
  remote,
  widget,
  label,
  whenOnScreen = false,
}: RemoteWidgetProps<R>) {
  const slot = useRef<HTMLDivElement>(null);
  const wanted = useWantedOnScreen(slot, whenOnScreen);
  const key = `${remote}:${String(widget)}`;
  const drawn = useDrawnWidget(key);
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => {
    forgetDrawnWidget(key);
    setShown(true);
  }, [key]);
  const framed = drawn !== null && !shown;
  // While the frame stands, the area shows nothing of its own (no second placeholder under it).
  const loading = framed ? <></> : <AreaLoading label={label} variant="widget" />;
  return (
    // The element watched for the screen; it holds the placeholder, then the widget.
    <div ref={slot}>
      {framed && <DrawnWidget widget={key} label={label} drawn={drawn} />}
      {wanted ? (
        <RemoteArea<RemoteWidgets<R>>
          remote={remote}
          exposed="widgets"
          label={label}
          variant="widget"
          placeholder={loading}
          onFailure={onShown}
          render={(module) => {
            const Widget: ComponentType | undefined = module.widgets[widget];
            if (!Widget) throw new Error(`The '${remote}' area does not provide the '${String(widget)}' widget.`);
            return (
              <div data-remote={remote} data-remote-build={module.build.buildId}>
                <Suspense fallback={loading}>
                  <Committed onCommit={onShown} />
                  <Widget />
                </Suspense>
              </div>
            );
          }}
        />
      ) : (
        loading
      )}
    </div>
  );
}
