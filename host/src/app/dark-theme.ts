/**
 * Fluent's dark theme, in a chunk of its own (app.tsx loads it when the dark theme is wanted).
 * `@fluentui/tokens` builds each theme object when its module is evaluated: the dark one cost 5–7 ms
 * of every page's start-up task (×4 on Lighthouse's phone), for a theme the prerendered page and
 * most visitors never show (issue 14, Total Blocking Time).
 */
export { webDarkTheme } from '@fluentui/react-components';
