/**
 * The kinds of mail job and what each carries. Every mail job goes through the one `mail` queue
 * (job-queue-schema.ts), so the global send rate (mail/send-rate.ts) spaces them all; the kind says
 * which maker turns the job into a mail when its turn comes (mail-job-makers.ts).
 *
 * To add a kind: a payload type here, and its maker in mail-job-makers.ts (the compiler asks for it).
 */
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { IdentityProvider } from '../auth/verify-id-token.ts';
import type { Database } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

export interface MailJobs {
  /**
   * An event's change or cancellation, to one person attending or waiting (mail/event-change-mail.ts):
   * the recipient as they were when the change committed, and the change (its dates as ISO strings).
   */
  'event-change': {
    eventId: number;
    email: string;
    firstName: string;
    lastName: string;
    status: 'attending' | 'waiting';
    change: unknown;
  };
  /** A seat from the waiting list, to the person seated (mail/promotion-mail.ts). */
  promotion: { eventId: number; userId: number };
  /** The iTIP REQUEST on attending, or the CANCEL on withdrawing, with the place taken or given up (mail/attendance-mail.ts). */
  attendance: { kind: 'confirmation' | 'withdrawal'; eventId: number; userId: number; status: 'attending' | 'waiting' };
  /** An account's verification or password-reset link, made at send time (mail/account-mail.ts). */
  account: { kind: 'verification' | 'password-reset'; email: string };
  /** A reminder a day or an hour before an event (mail/reminders.ts). */
  reminder: { eventId: number; userId: number; kind: 'day' | 'hour'; startsAt: string };
  /** An organiser's message to one recipient (mail/organiser-message-mail.ts). */
  'organiser-message': { messageId: number; userId: number };
  /** A new event, to a member who wants its community's news at once (mail/community-news-mail.ts). */
  'community-news': { eventId: number; userId: number };
  /** One person's weekly digest of the week starting on Monday `week` (mail/weekly-digest.ts). */
  'weekly-digest': { userId: number; week: string };
  /**
   * Issue 28: a request to join a members-only community (mail/join-request-mail.ts): `asked` to a
   * core member (`userId`), `approved` or `declined` to the person who asked (`userId`).
   */
  'join-request': { kind: 'asked' | 'approved' | 'declined'; requestId: number; userId: number };
}

export type MailJobKind = keyof MailJobs;

/** A job as stored in the queue: its kind and its payload. */
export interface MailJobData<K extends MailJobKind = MailJobKind> {
  kind: K;
  payload: MailJobs[K];
}

/** What a maker needs. */
export interface MailJobContext {
  db: Kysely<Database>;
  /** The site and sender; the API's address and the unsubscribe secret make the stop links. */
  config: MailJobConfig;
  /** Makes the account mails' links; a runner without it fails (and retries) account mails. */
  identity?: Pick<IdentityProvider, 'auth'>;
}

export type MailJobConfig = Pick<ApiConfig, 'siteUrl' | 'mailFrom' | 'apiPublicUrl' | 'unsubscribeSecret'>;

/**
 * Makes a job's mail at send time from what is true then; or says why it is no longer to be sent
 * (an event cancelled, a person withdrawn): the job then ends without a mail and without a retry.
 * A throw is a failure: the job is tried again later.
 */
export type MailJobMaker<K extends MailJobKind> = (
  payload: MailJobs[K],
  context: MailJobContext,
) => Promise<{ mail: OutgoingMail } | { notSent: string }>;

export type MailJobMakers = { [K in MailJobKind]: MailJobMaker<K> };
