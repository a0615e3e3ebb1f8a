import { webLightTheme } from '@fluentui/tokens';

/**
 * `/manifest.webmanifest` (SPEC §1: installable to the home screen). Deploy-time configuration like
 * `/app-config.json`, since its name is the product's configured name; the colours are the Fluent
 * light theme's brand and page background, so the splash screen and title bar match the site.
 */
export interface ProductNames {
  name: string;
}

/** Home screens cut longer names; a longer product name is shortened at a word boundary. */
export const shortNameLimit = 12;

export function shortNameOf(name: string): string {
  if (name.length <= shortNameLimit) return name;
  const words = name.split(/\s+/);
  let short = '';
  for (const word of words) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > shortNameLimit) break;
    short = next;
  }
  return short || name.slice(0, shortNameLimit);
}

export function webAppManifest(product: ProductNames): Record<string, unknown> {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: product.name,
    short_name: shortNameOf(product.name),
    description: 'Find events, join communities and networks.',
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: webLightTheme.colorBrandBackground,
    background_color: webLightTheme.colorNeutralBackground1,
    icons: [
      icon('icon', 192, 'any'),
      icon('icon', 512, 'any'),
      icon('maskable', 192, 'maskable'),
      icon('maskable', 512, 'maskable'),
    ],
  };
}
