/**
 * The reminder a day and an hour before an event: the join link for those attending online, the
 * chosen office's details for the others.
 */
import { placeLine, type AttendeePlace } from './attendee-place.ts';
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface EventReminderMailInput extends WithUnsubscribe {
  firstName: string;
  event: MailEvent;
  /** 'day': the day before; 'hour': the hour before. */
  before: 'day' | 'hour';
  place: AttendeePlace;
}

export function eventReminderMail(input: EventReminderMailInput) {
  const { event, place } = input;
  const soon = input.before === 'day' ? 'Tomorrow' : 'In an hour';
  return renderMail(
    `${soon}: ${event.title}`,
    <MailLayout
      preview={`${event.title} starts ${input.before === 'day' ? 'tomorrow' : 'in an hour'}`}
      heading={`${soon}: ${event.title}`}
      why="You receive this reminder because you attend this event."
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        A reminder: &quot;{event.title}&quot; of {event.communityName} starts{' '}
        {input.before === 'day' ? 'tomorrow' : 'in an hour'}.
      </Paragraph>
      <Details
        rows={[
          ['When', event.when],
          ['Where', placeLine(place) ?? event.where],
          ['Arrival', place && !place.online ? place.arrivalNotes : null],
        ]}
      />
      <Paragraph>If you cannot come after all, please withdraw on the event page:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
