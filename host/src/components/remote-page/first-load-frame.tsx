import type { RemoteName, RemotePageKey } from '@hub/shared';
import { firstLoadFrameAddressAttribute, firstLoadFrameAttribute } from './first-load-frame-attributes';

/** A remote screen, `remote:page` (`events:eventList`). */
export type RemoteFrameKey = {
  [R in RemoteName]: `${R}:${Extract<RemotePageKey<R>, string>}`;
}[RemoteName];

export { firstLoadFrameAddressAttribute, firstLoadFrameAttribute };

interface Captured {
  screen: string;
  html: string;
  /** The address a frame drawn from data belongs to; none for a static frame. */
  at: string | null;
}

let captured: Captured | null | undefined;

/**
 * The remote screen's frame the page's HTML came with (the page server draws it from the remote's live release: the static frames of
 * the public list screens), read once, before React's first commit replaces the HTML. Kept for the
 * page's lifetime: the frame is the same for every visitor and address of that screen.
 */
function capturedFrame(doc: Document | undefined): Captured | null {
  if (captured === undefined) {
    const element = doc?.querySelector(`[${firstLoadFrameAttribute}]`);
    const screen = element?.getAttribute(firstLoadFrameAttribute);
    captured =
      element && screen
        ? { screen, html: element.innerHTML, at: element.getAttribute(firstLoadFrameAddressAttribute) }
        : null;
  }
  return captured;
}

const browserDocument = () => (typeof document === 'undefined' ? undefined : document);

/** A frame drawn from data shows one address, query included (a grid's view): `/communities?sort=members`. */
const showsAddress = (frame: Captured, address: string | undefined) => frame.at === null || frame.at === address;

/** The frame markup the HTML carried for this screen at this address (path and query), if it did. */
export function firstLoadFrameOf(screen: string, address: string, doc = browserDocument()): string | null {
  const frame = capturedFrame(doc);
  return frame && frame.screen === screen && showsAddress(frame, address) ? frame.html : null;
}

/**
 * The frame markup the HTML carried, whichever screen it is, while the page is still at the address
 * it came for (the first navigation's placeholder).
 */
export function anyFirstLoadFrame(doc = browserDocument()): { screen: string; html: string } | null {
  const frame = capturedFrame(doc);
  return frame && showsAddress(frame, doc && `${doc.location.pathname}${doc.location.search}`) ? frame : null;
}

/** For tests: read the document again. */
export function forgetFirstLoadFrame(): void {
  captured = undefined;
}

/**
 * The screen's frame while its remote loads, exactly as the HTML painted it (the remote renders
 * the same frame component over it once loaded, so nothing moves and the largest paint stays the
 * first one). The markup is this page's own HTML, drawn by the site's page server.
 */
export function FirstLoadFrame({ screen, html }: { screen: string; html: string }) {
  return <div {...{ [firstLoadFrameAttribute]: screen }} dangerouslySetInnerHTML={{ __html: html }} />;
}
