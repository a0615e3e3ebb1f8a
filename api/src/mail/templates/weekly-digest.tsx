/** The weekly digest: the coming events of the person's communities and networks, with their attendance. */
import { Heading, Link, Text } from '@react-email/components';
import { MailLayout, Paragraph } from './layout.tsx';
import { light } from './mail-theme.ts';
import { greeting, type MailEvent, type WithUnsubscribe } from './mail-inputs.ts';
import { renderMail } from './render-mail.ts';

export interface DigestEvent extends MailEvent {
  /** The person's own place on it, if any. */
  attendance: 'attending' | 'waiting' | null;
}

export interface WeeklyDigestMailInput extends WithUnsubscribe {
  firstName: string;
  /** "week of 7 December 2026". */
  week: string;
  events: readonly DigestEvent[];
}

const ATTENDANCE = { attending: 'You are attending', waiting: 'You are on the waiting list' } as const;

export function weeklyDigestMail(input: WeeklyDigestMailInput) {
  const count = input.events.length;
  return renderMail(
    `Your communities this week: ${count} coming event${count === 1 ? '' : 's'}`,
    <MailLayout
      preview={input.events.map((e) => e.title).join(', ') || 'Nothing new this week'}
      heading={`Coming up in your communities, ${input.week}`}
      why="You receive this weekly digest because you joined these communities and chose the digest for their news."
      unsubscribe={input.unsubscribe}
    >
      <Paragraph>{greeting(input.firstName)}</Paragraph>
      {count === 0 && <Paragraph>No coming events in your communities this week.</Paragraph>}
      {input.events.map((event) => (
        <div key={event.pageUrl}>
          <Heading as="h2" style={{ fontSize: '18px', lineHeight: '24px', margin: '16px 0 4px', color: light.text }}>
            <Link href={event.pageUrl} style={{ color: light.link }}>
              {event.title}
            </Link>
          </Heading>
          <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 8px', color: light.text }}>
            {event.communityName} · {event.when}
            {event.where ? ` · ${event.where}` : ''}
            {event.attendance ? (
              <>
                <br />
                <strong>{ATTENDANCE[event.attendance]}</strong>
              </>
            ) : null}
            <br />
            {event.pageUrl}
          </Text>
        </div>
      ))}
    </MailLayout>,
  );
}
