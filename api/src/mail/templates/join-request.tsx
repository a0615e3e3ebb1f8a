/**
 * Issue 28, members-only communities: the notice to a community's core members that someone asks to
 * join (not transactional: it has a stop link), and the answer to the person who asked (approved or
 * declined: transactional, the answer to their own request).
 */
import { ActionButton, MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { greeting, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface JoinRequestAskedMailInput extends WithUnsubscribe {
  firstName: string;
  communityName: string;
  /** "Doe, Jane" as the request list shows them. */
  requesterName: string;
  /** The community's page, where its core members approve or decline. */
  communityUrl: string;
}

export function joinRequestAskedMail(input: JoinRequestAskedMailInput) {
  return renderMail(
    `${input.requesterName} asks to join ${input.communityName}`,
    <MailLayout
      preview={`Approve or decline on the page of ${input.communityName}`}
      heading={`${input.requesterName} asks to join ${input.communityName}`}
      why={`You receive this e-mail because you are a core member of ${input.communityName}, which only its members can see.`}
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      <Paragraph>
        {input.requesterName} opened the invitation link of {input.communityName} and asks to become a member. Any core
        member can approve or decline on the community&apos;s page; they get a mail either way.
      </Paragraph>
      <ActionButton href={input.communityUrl} label="See the requests" />
      <UrlLine href={input.communityUrl} />
    </MailLayout>,
  );
}

export interface JoinRequestAnswerMailInput {
  firstName: string;
  communityName: string;
  approved: boolean;
  /** Approved: the community's page. Declined: the invitation link is not repeated (it may have changed). */
  communityUrl: string;
  /** Declined: after how many days they may ask again. */
  askAgainDays: number;
}

export function joinRequestAnswerMail(input: JoinRequestAnswerMailInput) {
  const subject = input.approved
    ? `You are now a member of ${input.communityName}`
    : `Your request to join ${input.communityName} was declined`;
  return renderMail(
    subject,
    <MailLayout
      preview={input.approved ? `Its page and members-only events are open to you` : `You can ask again in a while`}
      heading={subject}
      why={`You receive this e-mail because you asked to join ${input.communityName}.`}
    >
      <Paragraph>{greeting(input.firstName, 'Hi')}</Paragraph>
      {input.approved ? (
        <>
          <Paragraph>
            A core member approved your request: you are a member of {input.communityName}. Its page and its
            members-only events are open to you now.
          </Paragraph>
          <ActionButton href={input.communityUrl} label={`Open ${input.communityName}`} />
          <UrlLine href={input.communityUrl} />
        </>
      ) : (
        <Paragraph>
          A core member of {input.communityName} declined your request to join. You can ask again from its invitation
          link after {input.askAgainDays} days, or ask one of its core members about it.
        </Paragraph>
      )}
    </MailLayout>,
  );
}
