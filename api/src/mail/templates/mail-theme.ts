/**
 * The mails' colours and type: Fluent UI v9's web themes, the tokens the site's FluentProvider uses
 * (@fluentui/tokens, the package @hub/ui's Fluent components read), so a mail looks like the site in
 * light and in dark mode. The API imports nothing of ours but the contract, hence the tokens
 * package rather than @hub/ui.
 */
import { webDarkTheme, webLightTheme } from '@fluentui/tokens';

export const PRODUCT_NAME = 'Community Hub';

export const light = {
  page: webLightTheme.colorNeutralBackground2,
  card: webLightTheme.colorNeutralBackground1,
  text: webLightTheme.colorNeutralForeground1,
  quiet: webLightTheme.colorNeutralForeground3,
  link: webLightTheme.colorBrandForegroundLink,
  brand: webLightTheme.colorBrandBackground,
  onBrand: webLightTheme.colorNeutralForegroundOnBrand,
  rule: webLightTheme.colorNeutralStroke2,
};

export const dark = {
  page: webDarkTheme.colorNeutralBackground2,
  card: webDarkTheme.colorNeutralBackground1,
  text: webDarkTheme.colorNeutralForeground1,
  quiet: webDarkTheme.colorNeutralForeground3,
  link: webDarkTheme.colorBrandForegroundLink,
  brand: webDarkTheme.colorBrandBackground,
  onBrand: webDarkTheme.colorNeutralForegroundOnBrand,
  rule: webDarkTheme.colorNeutralStroke2,
};

export const fontFamily = webLightTheme.fontFamilyBase;

/**
 * The dark variant as a stylesheet: mail programs that honour prefers-color-scheme (Apple Mail,
 * Outlook on the web and on phones) switch by class; the others show the light colours, which are
 * written inline so that they hold where <style> is dropped.
 */
export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  html, body, .hub-page { background-color: ${dark.page} !important; }
  /* React Email's Body repeats the light background on the cell that wraps everything. */
  .hub-page td { background-color: transparent !important; }
  .hub-card { background-color: ${dark.card} !important; color: ${dark.text} !important; }
  .hub-card p, .hub-card h1 { color: ${dark.text} !important; }
  .hub-card a { color: ${dark.link} !important; }
  .hub-card a.hub-button { background-color: ${dark.brand} !important; color: ${dark.onBrand} !important; }
  .hub-card .hub-quiet, .hub-card .hub-quiet a { color: ${dark.quiet} !important; }
  .hub-card hr { border-color: ${dark.rule} !important; }
}
@media only screen and (max-width: 480px) {
  .hub-card { padding: 16px !important; }
}
`;
