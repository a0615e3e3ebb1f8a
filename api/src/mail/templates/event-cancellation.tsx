/** The mail telling an attendee (or someone waiting) that an event is cancelled. */
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface EventCancellationMailInput {
  firstName: string;
  event: MailEvent;
  /** The organisers' note, if they wrote one. */
  note: string | null;
  why: string;
}

export function eventCancellationMail(input: EventCancellationMailInput) {
  const { event } = input;
  return renderMail(
    `Cancelled: ${event.title}`,
    <MailLayout preview={`${event.title} will not take place`} heading={`Cancelled: ${event.title}`} why={input.why}>
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        The event &quot;{event.title}&quot; of {event.communityName} has been cancelled.
      </Paragraph>
      {input.note && (
        <>
          <Paragraph>The organisers&apos; note:</Paragraph>
          <Paragraph>{input.note}</Paragraph>
        </>
      )}
      <Details
        rows={[
          ['It was planned for', event.when],
          ['Where', event.where ?? 'To be announced'],
        ]}
      />
      <Paragraph>The attached calendar file removes it from your calendar.</Paragraph>
      <Paragraph>Event page:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
