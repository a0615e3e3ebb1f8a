/**
 * The build's half of the dark first paint (app/dark-first-paint.ts says why): the stylesheet of
 * Fluent's dark theme variables, named by its content's hash (served immutable, like the chunks),
 * and the head's link and inline script that use it.
 */
import { createHash } from 'node:crypto';
import { createCSSRuleFromTheme, fluentProviderClassNames, webDarkTheme } from '@fluentui/react-components';
import { darkFirstPaintId, firstPaintThemeScript } from '../../src/app/dark-first-paint';
import { firstPaintSessionScript } from '../../src/app/session-first-paint';

/**
 * The dark variables on the app's provider while it still shows light: one class and one attribute
 * outrank the provider's own rule (one class, `.fui-FluentProvider_R_0_`) until the provider says dark.
 */
export function darkFirstPaintCss(): string {
  const selector = `.${fluentProviderClassNames.root}[data-theme="light"]`;
  return `${createCSSRuleFromTheme(selector, webDarkTheme)}\n${selector}{color-scheme:dark}\n`;
}

/** `dark-first-paint.<10 hex>.css`: the chunks' hash length, so the servers cache it as immutable. */
export function darkFirstPaintFileName(css: string): string {
  return `dark-first-paint.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
}

/**
 * The head's part: the sheet for a dark system, then the script that lets a stored choice decide;
 * the same script marks a page whose visitor has a stored session (app/session-first-paint.ts).
 */
export function darkFirstPaintHead(fileName: string): string {
  return (
    `<link rel="stylesheet" id="${darkFirstPaintId}" href="/${fileName}" media="(prefers-color-scheme: dark)">` +
    `<script nonce="__HUB_CSP_NONCE__">${firstPaintThemeScript()};${firstPaintSessionScript()}</script>`
  );
}
