import { useState, type ReactNode } from 'react';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';
import { splitCSSRules } from './css-rules';

/** Marks Griffel's prerendered `<style>` elements (one per style bucket and media query), naming the bucket. */
const bucketAttribute = 'data-make-styles-bucket';

/**
 * What Griffel's rehydration reads of its target (`rehydrateRendererCache`: `querySelectorAll` of the
 * buckets' `<style>` elements, nothing else): here, the given elements only.
 */
function targetWith(elements: Element[]): Document {
  return { querySelectorAll: () => elements } as unknown as Document;
}

/**
 * Reads the prerendered rules into the renderer's cache (the rule string → its bucket, as Griffel's
 * rehydration and `insertCSSRules` key it), and leaves Griffel's rehydration, which follows, only
 * the registering of each element as its bucket's sheet: its next read of the element's text (the
 * one it parses) answers '' once, and the element is as before.
 */
function readPrerenderedRules(renderer: GriffelRenderer, elements: Element[]): void {
  for (const element of elements) {
    const bucket = (element.getAttribute(bucketAttribute) ?? 'd') as GriffelRenderer['insertionCache'][string];
    for (const rule of splitCSSRules(element.textContent ?? '')) renderer.insertionCache[rule] = bucket;
    Object.defineProperty(element, 'textContent', {
      configurable: true,
      get(this: Element) {
        delete (this as { textContent?: string }).textContent;
        return '';
      },
    });
  }
}

/**
 * Griffel's RendererProvider for the site. Before anything renders, the page's prerendered `<style>`
 * elements are read into the renderer's cache, so that no rule is inserted twice, and registered
 * as their buckets' sheets, so that new rules go after them. Griffel's own rehydration re-parses
 * every rule with stylis (540–610 rules in 20–27 elements on the public pages): the hydration's
 * longest work on a phone, 60–90 ms at CPU ×4 for the largest element alone even when each element
 * was read by a provider of its own (issue 24, Lighthouse's Total Blocking Time). The rules are
 * split here in one pass over the text instead (`css-rules.ts`), and Griffel's rehydration, still
 * the one that registers the sheets, finds no text to parse. One provider, as in the prerender (no
 * document, no elements), so every `useId` of the prerendered markup stays as it was.
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
  const [target] = useState(() => {
    const page = targetDocument ?? (typeof document === 'undefined' ? undefined : document);
    const elements = [...(page?.querySelectorAll(`[${bucketAttribute}]`) ?? [])];
    readPrerenderedRules(renderer, elements);
    return targetWith(elements);
  });
  return (
    <RendererProvider renderer={renderer} targetDocument={target}>
      {children}
    </RendererProvider>
  );
}
