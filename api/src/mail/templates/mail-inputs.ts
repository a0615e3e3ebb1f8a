/** What the templates are given: already worded facts (times in the event's zone, places as text). */
import type { UnsubscribeFooter } from './layout.tsx';

/** An event as a mail tells of it. */
export interface MailEvent {
  title: string;
  communityName: string;
  /** "Tuesday 8 December 2026, 16:00 – 18:00 (Europe/Amsterdam)" (eventTimeInItsZone). */
  when: string;
  /** The places in a few words, or the person's own place. */
  where: string | null;
  pageUrl: string;
}

/** The greeting by first name: "Hello Nina," or "Hello,". */
export function greeting(firstName: string, word = 'Hello'): string {
  const name = firstName.trim();
  return name ? `${word} ${name},` : `${word},`;
}

/** Every non-transactional template takes its footer links. */
export interface WithUnsubscribe {
  unsubscribe: UnsubscribeFooter;
}
