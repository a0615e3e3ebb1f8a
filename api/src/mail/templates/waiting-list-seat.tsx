/** The mail a person gets when they move from an event's waiting list to a seat. */
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface WaitingListSeatMailInput {
  firstName: string;
  event: MailEvent;
}

export function waitingListSeatMail(input: WaitingListSeatMailInput) {
  const { event } = input;
  return renderMail(
    `You have a seat: ${event.title}`,
    <MailLayout
      preview={`A seat came free at ${event.title}`}
      heading={`You have a seat: ${event.title}`}
      why="You receive this e-mail because you were on the waiting list of this event."
    >
      <Paragraph>{greeting(input.firstName, 'Hi')}</Paragraph>
      <Paragraph>
        Good news: a seat came free at &quot;{event.title}&quot; and it is yours. You were first on the waiting list, so
        you are now attending.
      </Paragraph>
      <Details
        rows={[
          ['When', event.when],
          ['Where', event.where],
          ['Host', event.communityName],
        ]}
      />
      <Paragraph>See the event, add it to your calendar or withdraw if you can no longer come:</Paragraph>
      <UrlLine href={event.pageUrl} />
      <Paragraph>
        If you cannot make it, please withdraw on the event page so the next person waiting gets your seat.
      </Paragraph>
    </MailLayout>,
  );
}
