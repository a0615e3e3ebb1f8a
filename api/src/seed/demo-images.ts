/**
 * The demo events' pictures. Drawn for the demo (SVG, a couple of KB each, in api/demo-images/) and
 * served by the API itself (routes/demo-images.ts), so the demo needs no third-party image host:
 * one the browser cannot reach is a console error on every page that shows it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** api/demo-images/, seen from src/seed/ (run through tsx) or from dist/ (the compiled bundle). */
export const demoImagesDir =
  ['../../demo-images/', '../demo-images/']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((dir) => existsSync(dir)) ?? fileURLToPath(new URL('../../demo-images/', import.meta.url));

/** Where the API serves them. */
export const demoImagesPrefix = '/demo-images/';

export type DemoImage =
  | 'kubernetes-operators'
  | 'capture-the-flag'
  | 'platform-day'
  | 'design-systems'
  | 'cloud-native-summit'
  | 'london-evening';

/**
 * The address the seed stores: the API's public address, the file, and the drawing's content hash as
 * `?v=`. The files are served immutable for a year, so a changed drawing must be a new address.
 */
export function demoImageUrl(image: DemoImage, apiPublicUrl: string): string {
  const file = `${image}.svg`;
  const version = createHash('sha256')
    .update(readFileSync(`${demoImagesDir}${file}`))
    .digest('hex')
    .slice(0, 10);
  return `${apiPublicUrl.replace(/\/+$/, '')}${demoImagesPrefix}${file}?v=${version}`;
}

/**
 * An address an earlier seed stored for a demo event: one of these pictures (from another version,
 * or an API on another port), or the third-party photos seeds used before. The seed brings those up
 * to date; an address an organiser typed is left alone.
 */
export function isEarlierDemoImageUrl(address: string): boolean {
  try {
    const url = new URL(address);
    return url.hostname === 'images.unsplash.com' || url.pathname.startsWith(demoImagesPrefix);
  } catch {
    return false;
  }
}
