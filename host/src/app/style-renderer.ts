import { createDOMRenderer, type GriffelRenderer } from '@griffel/react';

/** Written into the page templates; the server replaces it with a fresh nonce per answer. */
const placeholder = '__HUB_CSP_NONCE__';

/**
 * The style nonce of this page. The site's CSP allows <style> elements only with the nonce the
 * server put in the page (serving/src/security-headers.ts); Fluent UI's Griffel inserts its
 * <style> elements at run time, so it must give each one that nonce. Served without a policy
 * (the placeholder left as it is), there is no nonce to give.
 */
export function readStyleNonce(doc: Document): string | undefined {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return nonce && nonce !== placeholder ? nonce : undefined;
}

/** The one Griffel renderer of the site (remotes share it through the @griffel/react singleton). */
export function createStyleRenderer(doc: Document = document): GriffelRenderer {
  const nonce = readStyleNonce(doc);
  return createDOMRenderer(doc, nonce ? { styleElementAttributes: { nonce } } : {});
}
