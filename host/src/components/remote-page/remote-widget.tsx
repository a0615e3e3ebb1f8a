import { Suspense, type ComponentType } from 'react';
import type { RemoteWidgetKey, RemoteWidgets, WidgetRemoteName } from '@hub/shared';
import { RemoteArea } from '../remote-area/remote-area';
import { AreaLoading } from '../remote-area/area-loading';

export interface RemoteWidgetProps<R extends WidgetRemoteName> {
  remote: R;
  widget: RemoteWidgetKey<R>;
  label: string;
}

/** A dashboard widget exposed by a remote; each slot fails and retries on its own. */
export function RemoteWidget<R extends WidgetRemoteName>({ remote, widget, label }: RemoteWidgetProps<R>) {
  return (
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
  );
}
