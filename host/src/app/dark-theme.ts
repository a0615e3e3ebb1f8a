// Fluent's dark theme, a chunk of its own (app.tsx loads it when the dark theme is wanted): the
// prerendered page and most visitors use the light one, and the two theme objects were 8 KB gzip
// of the start-up's JavaScript on every page.
export { webDarkTheme } from '@fluentui/react-components';
