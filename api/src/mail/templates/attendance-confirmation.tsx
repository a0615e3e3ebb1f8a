/** On attending: the confirmation, with the calendar invitation (METHOD:REQUEST) attached. */
import { placeLine, type AttendeePlace } from './attendee-place.ts';
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface AttendanceConfirmationMailInput {
  firstName: string;
  event: MailEvent;
  place: AttendeePlace;
}

export function attendanceConfirmationMail(input: AttendanceConfirmationMailInput) {
  const { event, place } = input;
  return renderMail(
    `You are attending: ${event.title}`,
    <MailLayout
      preview={`${event.when} — added to your calendar`}
      heading={`You are attending: ${event.title}`}
      why="You receive this e-mail because you signed up for this event."
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        You are attending &quot;{event.title}&quot; of {event.communityName}. The attached invitation puts it in your
        calendar; a change or cancellation will update it there.
      </Paragraph>
      <Details
        rows={[
          ['When', event.when],
          ['Where', placeLine(place) ?? event.where],
          ['Arrival', place && !place.online ? place.arrivalNotes : null],
        ]}
      />
      <Paragraph>If you cannot come, please withdraw on the event page so someone else gets your seat:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
