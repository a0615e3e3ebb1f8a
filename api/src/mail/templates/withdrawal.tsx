/** On withdrawing: the confirmation that the seat is given up, with METHOD:CANCEL for the calendar. */
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface WithdrawalMailInput {
  firstName: string;
  event: MailEvent;
  /** They left the waiting list rather than a seat. */
  wasWaiting: boolean;
}

export function withdrawalMail(input: WithdrawalMailInput) {
  const { event } = input;
  const left = input.wasWaiting ? 'You left the waiting list of' : 'You withdrew from';
  return renderMail(
    `Withdrawn: ${event.title}`,
    <MailLayout
      preview={`${left} ${event.title}`}
      heading={`Withdrawn: ${event.title}`}
      why="You receive this e-mail because you withdrew from this event."
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        {left} &quot;{event.title}&quot; of {event.communityName}. The attached calendar file removes it from your
        calendar.
      </Paragraph>
      <Details rows={[['It is planned for', event.when]]} />
      <Paragraph>Changed your mind? You can sign up again on the event page while seats are left:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
