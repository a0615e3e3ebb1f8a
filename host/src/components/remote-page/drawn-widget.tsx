import { createContext, useContext, useLayoutEffect, type ReactElement } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { AreaLoading } from '../remote-area/area-loading';

/**
 * Issues 24 and 27: a home widget drawn by its remote on the host's page server (its live release's
 * `widgetFrames`, page-server/render-home-page.tsx), kept in the page until the widget renders over
 * it, as FirstLoadFrame keeps a screen's frame (first-load-frame.tsx), one per widget.
 */

/** The attribute of the element around a widget's frame in the HTML: the widget, `events:upcomingEvents`. */
export const drawnWidgetAttribute = 'data-drawn-widget';

/** On a server: the frames the widgets' remotes drew, by `remote:widget` (none in the browser). */
export const DrawnWidgetsContext = createContext<Readonly<Record<string, ReactElement>> | null>(null);

/** The frame of a widget as the page's HTML carried it, or as the page server draws it. */
export type DrawnFrame = { html: string } | { element: ReactElement };

let captured: Map<string, string> | undefined;

/**
 * The widgets' frames the HTML came with, read once, while React still finds the HTML it is
 * hydrating (the first render of the home).
 */
function capturedWidgets(): Map<string, string> {
  if (captured === undefined) {
    captured = new Map();
    if (typeof document !== 'undefined')
      for (const element of document.querySelectorAll(`[${drawnWidgetAttribute}]`))
        captured.set(element.getAttribute(drawnWidgetAttribute)!, element.innerHTML);
  }
  return captured;
}

/** The widget's frame in this page: the page server's (its context), else the HTML's, else none. */
export function useDrawnWidget(widget: string): DrawnFrame | null {
  const drawnOnServer = useContext(DrawnWidgetsContext);
  if (drawnOnServer) {
    const element = drawnOnServer[widget];
    return element ? { element } : null;
  }
  const html = capturedWidgets().get(widget);
  return html === undefined ? null : { html };
}

/** Once the widget is shown, its frame is gone for good: a later visit to the home loads it afresh. */
export function forgetDrawnWidget(widget: string): void {
  capturedWidgets().delete(widget);
}

/** For tests: read the document again. */
export function forgetDrawnWidgets(): void {
  captured = undefined;
}

const useStyles = makeStyles({
  // A visitor with a stored session (the head's script marks the page before its first paint,
  // app/session-first-paint.ts) has their own home, not the anonymous one the HTML carries: they see
  // the placeholder, never the featured event replaced a moment later. Written out (the build
  // compiles these styles ahead of time): sessionFirstPaintAttribute.
  frame: { ':global(html[data-hub-session])': { display: 'none' } },
  whileRestoring: { display: 'none', ':global(html[data-hub-session])': { display: 'block' } },
});

/**
 * The widget's frame, exactly as the HTML painted it (the markup is the page's own, drawn by the
 * site's page server), and the placeholder a signed-in visitor sees instead.
 */
export function DrawnWidget({ widget, label, drawn }: { widget: string; label: string; drawn: DrawnFrame }) {
  const styles = useStyles();
  const attributes = { [drawnWidgetAttribute]: widget, className: styles.frame };
  return (
    <>
      {'html' in drawn ? (
        <div {...attributes} dangerouslySetInnerHTML={{ __html: drawn.html }} />
      ) : (
        <div {...attributes}>{drawn.element}</div>
      )}
      <div className={styles.whileRestoring}>
        <AreaLoading label={label} variant="widget" />
      </div>
    </>
  );
}

/**
 * Tells its parent, before the browser paints, that what it stands beside has been committed (a
 * widget, or its area's failure): the frame goes in the same paint, so both are never seen together.
 */
export function Committed({ onCommit }: { onCommit?: () => void }) {
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  return null;
}
