/**
 * A non-transactional mail as it leaves: the rendered template with the footer's stop links and the
 * RFC 8058 headers (List-Unsubscribe, List-Unsubscribe-Post) for the person and kind it is about,
 * addressed to that one person. The organiser messages, the community news and the weekly digest
 * are all made through here, so none can forget the headers.
 */
import type { ApiConfig } from '../config.ts';
import type { OutgoingMail } from './mailer.ts';
import { unsubscribeLinks } from './preferences/list-unsubscribe.ts';
import type { UnsubscribeTarget } from './preferences/unsubscribe-token.ts';
import type { UnsubscribeFooter } from './templates/layout.tsx';
import type { RenderedMail } from './templates/render-mail.ts';

export type UnsubscribableMailConfig = Pick<ApiConfig, 'siteUrl' | 'apiPublicUrl' | 'unsubscribeSecret'>;

export async function unsubscribableMail(
  to: string,
  target: UnsubscribeTarget,
  /** What the stop link stops: "organiser messages", "community news from Java Community". */
  what: string,
  config: UnsubscribableMailConfig,
  render: (unsubscribe: UnsubscribeFooter) => Promise<RenderedMail>,
): Promise<OutgoingMail> {
  const links = await unsubscribeLinks(target, config);
  const rendered = await render({ pageUrl: links.pageUrl, preferencesUrl: links.preferencesUrl, what });
  return { to, ...rendered, headers: links.headers };
}
