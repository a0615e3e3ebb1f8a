/**
 * What every non-transactional mail carries to stop it (RFC 8058 and RFC 2369): the
 * `List-Unsubscribe` header with the API's one-click URL (a mail program POSTs
 * `List-Unsubscribe=One-Click` to it, no sign-in), `List-Unsubscribe-Post`, and the links of the
 * footer — the site's unsubscribe page (which says what was stopped and offers to undo it) and
 * the preferences in My account.
 */
import type { ApiConfig } from '../../config.ts';
import { signUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token.ts';

export interface UnsubscribeLinks {
  /** Headers for nodemailer: List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
  /** The page a person opens from the footer (the account remote's unsubscribe screen). */
  pageUrl: string;
  /** My account's mail preferences. */
  preferencesUrl: string;
}

/** The API's public address: mails are made by a worker, with no request to take it from. */
const apiBase = (config: Pick<ApiConfig, 'apiPublicUrl' | 'siteUrl'>) =>
  (config.apiPublicUrl ?? config.siteUrl).replace(/\/+$/, '');

export function preferencesUrl(config: Pick<ApiConfig, 'siteUrl'>): string {
  return `${config.siteUrl.replace(/\/+$/, '')}/my-account#mail-preferences`;
}

export async function unsubscribeLinks(
  target: UnsubscribeTarget,
  config: Pick<ApiConfig, 'apiPublicUrl' | 'siteUrl' | 'unsubscribeSecret'>,
): Promise<UnsubscribeLinks> {
  const token = encodeURIComponent(await signUnsubscribeToken(target, config.unsubscribeSecret));
  const oneClick = `${apiBase(config)}/api/mail/unsubscribe?token=${token}`;
  return {
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    pageUrl: `${config.siteUrl.replace(/\/+$/, '')}/account/unsubscribe?token=${token}`,
    preferencesUrl: preferencesUrl(config),
  };
}
