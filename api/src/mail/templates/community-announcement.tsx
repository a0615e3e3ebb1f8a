/** An announcement from a community's lead to its members. */
import { MailLayout, Paragraph, UrlLine, WrittenParagraphs } from './layout.tsx';
import { greeting, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface CommunityAnnouncementMailInput extends WithUnsubscribe {
  firstName: string;
  communityName: string;
  communityUrl: string;
  senderName: string;
  subject: string;
  /** The announcement as written (plain text; paragraphs split on blank lines). */
  body: string;
}

export function communityAnnouncementMail(input: CommunityAnnouncementMailInput) {
  return renderMail(
    `${input.communityName}: ${input.subject}`,
    <MailLayout
      preview={input.body.slice(0, 120)}
      heading={input.subject}
      why={`You receive this announcement because you joined ${input.communityName}; ${input.senderName} wrote it as its lead. Your address was not shown to them.`}
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <WrittenParagraphs text={input.body} />
      <Paragraph>
        — {input.senderName}, {input.communityName}
      </Paragraph>
      <UrlLine href={input.communityUrl} />
    </MailLayout>,
  );
}
