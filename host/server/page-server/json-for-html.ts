import { firstReadsElementId } from '@hub/shared';
import { hideNoncePlaceholderInJson } from '../prerender/nonce-placeholder';

/**
 * JSON inside `<script type="application/json">`: nothing in it may close the element or start a
 * comment, nor be taken for the nonce's placeholder (nonce-placeholder.ts).
 */
export function jsonForHtml(value: unknown): string {
  return hideNoncePlaceholderInJson(JSON.stringify(value))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The answers a page was drawn from, in its head for the page's first reads (shared/src/http/first-reads.ts). */
export function firstReadsScript(answers: Record<string, unknown> | undefined): string {
  return answers ? `<script type="application/json" id="${firstReadsElementId}">${jsonForHtml(answers)}</script>` : '';
}
