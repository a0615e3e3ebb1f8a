/** A message from an event's organisers to its attendees (all, one place's, or those checked in). */
import { MailLayout, Paragraph, UrlLine, WrittenParagraphs } from './layout.tsx';
import { greeting, type MailEvent, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface OrganiserMessageMailInput extends WithUnsubscribe {
  firstName: string;
  event: MailEvent;
  senderName: string;
  subject: string;
  /** The message as the organiser wrote it (plain text; paragraphs split on blank lines). */
  body: string;
}

export function organiserMessageMail(input: OrganiserMessageMailInput) {
  const { event } = input;
  return renderMail(
    `${event.title}: ${input.subject}`,
    <MailLayout
      preview={input.body.slice(0, 120)}
      heading={input.subject}
      why={`You receive this message because you attend "${event.title}"; ${input.senderName} wrote it as an organiser. Your address was not shown to them.`}
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <WrittenParagraphs text={input.body} />
      <Paragraph>
        — {input.senderName}, for &quot;{event.title}&quot; of {event.communityName}
      </Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
