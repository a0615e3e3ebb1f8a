/**
 * Tells the people attending or waiting for an event that its time or place changed, or that it is
 * cancelled. Runs after the edit committed and never holds up or fails it: the answer is sent first,
 * each mail's failure is logged and the others still go.
 *
 * Mails in flight are lost if the process stops in that moment; a durable outbox table read by a
 * worker is the step up when a lost notice matters more than this simplicity (docs/decisions.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { eventChangeMail, type EventMailRecipient } from '../mail/event-mail.ts';
import { calendarEvent } from './calendar-queries.ts';
import type { EventChange } from './event-changes.ts';

/** Mails handed to the transport at once: an SMTP server limits parallel connections. */
const PARALLEL_SENDS = 4;

async function recipientsOf(ctx: AppContext, eventId: number): Promise<EventMailRecipient[]> {
  return ctx.db
    .selectFrom('eventAttendee as a')
    .innerJoin('appUser as u', 'u.id', 'a.userId')
    .select(['u.email', 'u.firstName', 'u.lastName', 'a.status'])
    .where('a.eventId', '=', eventId)
    .orderBy('a.status')
    .orderBy('a.seq')
    .execute();
}

/** Sends the change mails; resolves when every mail was sent or failed (tests wait on it). */
export async function sendEventChangeMails(
  ctx: AppContext,
  log: FastifyBaseLogger,
  eventId: number,
  change: EventChange,
): Promise<{ sent: number; failed: number }> {
  const event = await calendarEvent(ctx.db, eventId);
  if (!event) return { sent: 0, failed: 0 };
  const queue = await recipientsOf(ctx, eventId);
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
      try {
        await ctx.mailer.send(eventChangeMail(event, change, recipient, ctx.config));
        sent++;
      } catch (error) {
        failed++;
        log.error({ err: error, eventId, to: recipient.email }, 'event change mail failed');
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
  log.info({ eventId, change: change.kind, sent, failed }, 'event change mails');
  return { sent, failed };
}

/** Starts the change mails after the current request; whatever happens is logged, nothing thrown. */
export function notifyEventChange(ctx: AppContext, log: FastifyBaseLogger, eventId: number, change: EventChange): void {
  setImmediate(() => {
    sendEventChangeMails(ctx, log, eventId, change).catch((error: unknown) =>
      log.error({ err: error, eventId }, 'event change mails could not be prepared'),
    );
  });
}
