/** "At once" community news: a new event was published in a community the person joined. */
import { Details, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type MailEvent, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface CommunityNewsMailInput extends WithUnsubscribe {
  firstName: string;
  event: MailEvent;
}

export function communityNewsMail(input: CommunityNewsMailInput) {
  const { event } = input;
  return renderMail(
    `New in ${event.communityName}: ${event.title}`,
    <MailLayout
      preview={`${event.when}`}
      heading={`New in ${event.communityName}: ${event.title}`}
      why={`You receive this e-mail because you joined ${event.communityName} and chose to hear of its new events at once.`}
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        {event.communityName} published a new event: &quot;{event.title}&quot;.
      </Paragraph>
      <Details
        rows={[
          ['When', event.when],
          ['Where', event.where],
        ]}
      />
      <Paragraph>See it and sign up:</Paragraph>
      <UrlLine href={event.pageUrl} />
    </MailLayout>,
  );
}
