import { useState, type ReactNode } from 'react';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';

/** Griffel's prerendered `<style>` elements (one per style bucket and media query). */
const bucketSelector = '[data-make-styles-bucket]';

/**
 * What Griffel's rehydration reads of its target (`rehydrateRendererCache`: `querySelectorAll` of the
 * buckets' `<style>` elements, nothing else): here, the given elements only.
 */
function targetWith(elements: Element[]): Document {
  return { querySelectorAll: () => elements } as unknown as Document;
}

/**
 * Griffel's RendererProvider for the site. Before anything renders, Griffel reads the page's
 * prerendered `<style>` elements into the renderer's cache, so that no rule is inserted twice; it
 * reads them all at once, re-parsing every rule (540–610 rules in 20–27 elements on the public
 * pages): 23 ms on this machine, one task of 92 ms at CPU ×4, the longest slice of the hydration
 * (issue 24, Lighthouse's Total Blocking Time). The cache is the same when it is read one element at
 * a time, so each element is read by a provider of its own, nested one in the other around the site
 * (React's concurrent render yields between them), and the innermost one, the site's, has nothing
 * left to read. Nested rather than side by side, so that the site's place in the tree, and with it
 * every `useId` of the prerendered markup, stays as the prerender made it. The prerender (no
 * document) has no elements to read and renders the site's provider only.
 */
export function StyleRendererProvider({
  renderer,
  targetDocument,
  children,
}: {
  renderer: GriffelRenderer;
  targetDocument?: Document;
  children: ReactNode;
}) {
  // Read once, at the first render: later elements are Griffel's own, already in its cache. Without
  // a target, the page's document, as Griffel's provider does.
  const [elements] = useState(() => {
    const target = targetDocument ?? (typeof document === 'undefined' ? undefined : document);
    return [...(target?.querySelectorAll(bucketSelector) ?? [])];
  });
  return elements.reduceRight<ReactNode>(
    (inner, element) => (
      <RendererProvider renderer={renderer} targetDocument={targetWith([element])}>
        {inner}
      </RendererProvider>
    ),
    <RendererProvider renderer={renderer} targetDocument={targetWith([])}>
      {children}
    </RendererProvider>,
  );
}
