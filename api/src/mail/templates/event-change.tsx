/** The mail telling an attendee (or someone waiting) that an event's time or place changed. */
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface EventChangeMailInput {
  firstName: string;
  event: MailEvent;
  /** The time before the change, when the time changed. */
  timeWas: string | null;
  /** The places before the change, when the place changed. */
  placeWas: string | null;
  why: string;
}

export function eventChangeMail(input: EventChangeMailInput) {
  const { event } = input;
  const what =
    input.timeWas !== null && input.placeWas !== null ? 'time and place' : input.timeWas !== null ? 'time' : 'place';
  return renderMail(
    `Changed ${what}: ${event.title}`,
    <MailLayout
      preview={`The ${what} of ${event.title} changed`}
      heading={`Changed ${what}: ${event.title}`}
      why={input.why}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        The {what} of the event &quot;{event.title}&quot; of {event.communityName} changed.
      </Paragraph>
      <Details
        rows={[
          ['When', event.when],
          ['Was', input.timeWas],
          ['Where', event.where ?? 'To be announced'],
          ['Was at', input.placeWas],
        ]}
      />
      <Paragraph>The attached calendar file updates the event in your calendar.</Paragraph>
      <Paragraph>Event page:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
