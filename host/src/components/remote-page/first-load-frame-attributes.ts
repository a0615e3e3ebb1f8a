/** The attribute of the element around a remote screen's frame in the HTML (drawn by its remote's server frames: page-server/render-detail-page.tsx). */
export const firstLoadFrameAttribute = 'data-first-frame';
/**
 * On a frame drawn from data (a detail page's, page-server/render-detail-page.tsx), the one address it
 * shows: it stands for no other event or community. Its own module: the service worker reads it too.
 */
export const firstLoadFrameAddressAttribute = 'data-first-frame-at';
