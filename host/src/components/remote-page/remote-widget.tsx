import { Suspense, useRef, type ComponentType } from 'react';
import type { RemoteWidgetKey, RemoteWidgets, WidgetRemoteName } from '@hub/shared';
import { RemoteArea } from '../remote-area/remote-area';
import { AreaLoading } from '../remote-area/area-loading';
import { useWantedOnScreen } from './use-wanted-on-screen';

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

/** A dashboard widget exposed by a remote; each slot fails and retries on its own. */
export function RemoteWidget<R extends WidgetRemoteName>({
  remote,
  widget,
  label,
  whenOnScreen = false,
}: RemoteWidgetProps<R>) {
  const slot = useRef<HTMLDivElement>(null);
  const wanted = useWantedOnScreen(slot, whenOnScreen);
  return (
    // The element watched for the screen; it holds the placeholder, then the widget.
    <div ref={slot}>
      {wanted ? (
        <RemoteArea<RemoteWidgets<R>>
          remote={remote}
          exposed="widgets"
          label={label}
          variant="widget"
          render={(module) => {
            const Widget: ComponentType | undefined = module.widgets[widget];
            if (!Widget) throw new Error(`The '${remote}' area does not provide the '${String(widget)}' widget.`);
            return (
              <div data-remote={remote} data-remote-build={module.build.buildId}>
                <Suspense fallback={<AreaLoading label={label} variant="widget" />}>
                  <Widget />
                </Suspense>
              </div>
            );
          }}
        />
      ) : (
        <AreaLoading label={label} variant="widget" />
      )}
    </div>
  );
}
