/**
 * What the build's prerender writes on the page's root element, and the browser reads back to
 * decide whether it may hydrate that markup: only when it was rendered for the route about to be
 * shown, with the same product configuration (the name and slug are deploy-time settings).
 */
export interface PrerenderedPage {
  /** The id of the route rendered (create-routes.tsx): 'home', 'about', '*'… */
  route: string;
  productName: string;
  productSlug: string;
}

export const prerenderedAttribute = 'data-prerendered';

export function readPrerenderedPage(root: Element): PrerenderedPage | null {
  const value = root.getAttribute(prerenderedAttribute);
  if (!value) return null;
  try {
    const page = JSON.parse(value) as Partial<PrerenderedPage>;
    return typeof page.route === 'string' &&
      typeof page.productName === 'string' &&
      typeof page.productSlug === 'string'
      ? (page as PrerenderedPage)
      : null;
  } catch {
    return null;
  }
}

/** Whether markup prerendered as `page` is what the browser would render for `expected`. */
export const canHydrate = (page: PrerenderedPage | null, expected: PrerenderedPage): boolean =>
  page !== null &&
  page.route === expected.route &&
  page.productName === expected.productName &&
  page.productSlug === expected.productSlug;
