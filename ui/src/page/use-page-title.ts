import { useEffect } from 'react';
import { appConfigAtom, useAtomValue } from '@hub/shared';

/** "Communities · Community Hub"; the product name alone while a page's own title is not known yet. */
export function documentTitle(title: string | undefined, productName: string): string {
  return title ? `${title} · ${productName}` : productName;
}

/**
 * Names the browser tab (and what a screen reader announces on navigation) after the page shown.
 * The product name is deploy-time configuration, read from shared's config.
 */
export function usePageTitle(title: string | undefined): void {
  const productName = useAtomValue(appConfigAtom).product.name;
  useEffect(() => {
    document.title = documentTitle(title, productName);
  }, [title, productName]);
}
