/**
 * The event mails' outbox (migrations 0008 and 0009), with two kinds of row. An edit or a
 * cancellation writes one change row per person attending or waiting, in its own transaction
 * (`enqueueEventChangeMails`); a transaction that seats people from the waiting list writes one
 * promotion row per person seated (`enqueuePromotionMails`, promotion-mail-outbox.ts). The change
 * and its mails commit together, and a crash or a mail server that is down after the commit loses
 * nothing. One worker in every API process sends the due rows of both kinds and marks them:
 *
 *  - it claims a few rows at a time with one `update … where id in (select … for update skip
 *    locked)`: workers of other processes skip rows being claimed, and a claimed row's
 *    next_attempt_at is moved to the end of its lease, so nobody else takes it while it is sent.
 *    Sending happens outside any transaction: on PGlite a transaction would hold the one session.
 *  - a sent row is marked sent_at; a failed one is due again after a doubling wait (retryBaseMs,
 *    at most an hour) and given up after maxAttempts, logged as an error;
 *  - the marks require the claim's token, so a worker whose lease ran out cannot overwrite the row
 *    of the one that took over. A send has a timeout of half the lease, so in a running process a
 *    lease does not run out under a send. Delivery is at least once, as with every outbox whose
 *    transport is not part of the transaction: a process that dies mid-send leaves its rows to be
 *    sent again once their lease ends, and a send that timed out may still have arrived.
 *
 * The worker is woken right after a change or a promotion commits (the mails start as soon as the
 * answer is sent, as before) and otherwise looks every pollMs: for retries that fell due, rows another
 * process wrote, and the rows left when a process stopped. Rows sent more than 30 days ago are
 * pruned. A promotion mail that is no longer true when its turn comes (the person withdrew, the
 * event was cancelled) is closed unsent: failed_at, with the reason in last_error, logged as info.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ApiConfig, MailOutboxConfig } from '../config.ts';
import type { Database, EventMailKind } from '../db/schema.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import type { EventChange } from '../services/event-changes.ts';
import type { CalendarEvent } from '../services/ics.ts';
import { eventChangeMail } from './event-mail.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { promotionMailFor } from './promotion-mail-outbox.ts';

/** Mails sent at once by one worker: an SMTP server limits parallel connections. */
const PARALLEL_SENDS = 4;
const MAX_RETRY_WAIT_MS = 3_600_000;
const KEEP_SENT_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Writes the change's mails, one per person attending or waiting, in the caller's transaction.
 * Answers how many were written.
 */
export async function enqueueEventChangeMails(
  trx: Kysely<Database>,
  eventId: number,
  change: EventChange,
): Promise<number> {
  const result = await trx
    .insertInto('eventMailOutbox')
    .columns(['kind', 'eventId', 'email', 'firstName', 'lastName', 'status', 'change'])
    .expression((eb) =>
      eb
        .selectFrom('eventAttendee as a')
        .innerJoin('appUser as u', 'u.id', 'a.userId')
        .select([
          sql.lit<EventMailKind>('change').as('kind'),
          'a.eventId',
          'u.email',
          'u.firstName',
          'u.lastName',
          'a.status',
          sql<string>`${JSON.stringify(change)}::jsonb`.as('change'),
        ])
        .where('a.eventId', '=', eventId)
        .orderBy('a.status')
        .orderBy('a.seq'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The stored change back as an EventChange (JSON turned its dates into strings). */
function changeOf(stored: unknown): EventChange {
  const change = stored as EventChange;
  if (change.kind === 'cancelled') return change;
  const before = change.before as unknown as Record<string, unknown>;
  return {
    ...change,
    before: {
      ...change.before,
      startsAt: new Date(before['startsAt'] as string),
      endsAt: new Date(before['endsAt'] as string),
    },
  };
}

/** The wait before attempt `attempts + 1`: retryBaseMs doubling per attempt, at most an hour. */
export function retryDelayMs(config: Pick<MailOutboxConfig, 'retryBaseMs'>, attempts: number): number {
  return Math.min(MAX_RETRY_WAIT_MS, config.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail was not sent within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface MailOutbox {
  /** Starts the worker (the server does on ready). */
  start(): void;
  /** Asks the worker to look now (after a change committed). */
  wake(): void;
  /** Stops looking, and resolves when the mails being sent are finished and marked. */
  stop(): Promise<void>;
  /** Sends everything due now, then resolves with how many mails this call handled (tests, tools). */
  drain(): Promise<number>;
}

export function createMailOutbox(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<ApiConfig, 'siteUrl' | 'mailFrom' | 'mailOutbox'>;
  log: FastifyBaseLogger;
}): MailOutbox {
  const { db, mailer, log } = deps;
  const options = deps.config.mailOutbox;
  const leaseMs = options.sendTimeoutMs * 2;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let again = false;
  let lastPrune = 0;

  /** Claims up to PARALLEL_SENDS due rows for this worker, under a fresh token. */
  async function claim() {
    const token = randomUUID();
    const rows = await db
      .updateTable('eventMailOutbox')
      .set({
        claim: token,
        attempts: sql`attempts + 1`,
        nextAttemptAt: sql`now() + ${sql.lit(leaseMs)} * interval '1 millisecond'`,
      })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('eventMailOutbox')
          .select('id')
          .where('sentAt', 'is', null)
          .where('failedAt', 'is', null)
          .where('nextAttemptAt', '<=', sql<Date>`now()`)
          .orderBy('nextAttemptAt')
          .orderBy('id')
          .limit(PARALLEL_SENDS)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'eventId', 'userId', 'email', 'firstName', 'lastName', 'status', 'change', 'attempts'])
      .execute();
    return { token, rows };
  }

  type ClaimedRow = Awaited<ReturnType<typeof claim>>['rows'][number];
  /** What the logs call a row: "event change mail" or "waiting list promotion mail". */
  const mailName = (row: ClaimedRow) =>
    row.kind === 'promotion' ? 'waiting list promotion mail' : 'event change mail';
  const logFields = (row: ClaimedRow) => ({ outboxId: row.id, kind: row.kind, eventId: row.eventId });

  async function markSent(row: ClaimedRow, token: string) {
    const marked = await db
      .updateTable('eventMailOutbox')
      .set({ sentAt: sql`now()`, claim: null, lastError: null })
      .where('id', '=', row.id)
      .where('claim', '=', token)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0)
      log.warn(logFields(row), `${mailName(row)} sent after its lease ended: another worker may send it again`);
  }

  async function markFailed(row: ClaimedRow, token: string, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= options.maxAttempts;
    await db
      .updateTable('eventMailOutbox')
      .set({
        claim: null,
        lastError: message.slice(0, 1000),
        ...(giveUp
          ? { failedAt: sql`now()` }
          : {
              nextAttemptAt: sql`now() + ${sql.lit(retryDelayMs(options, row.attempts))} * interval '1 millisecond'`,
            }),
      })
      .where('id', '=', row.id)
      .where('claim', '=', token)
      .execute();
    const fields = { err: error, ...logFields(row), attempts: row.attempts };
    if (giveUp) log.error(fields, `${mailName(row)} given up`);
    else log.warn(fields, `${mailName(row)} failed; it will be tried again`);
  }

  /** Closes a row whose mail is no longer true, without sending it (no retry: nothing failed). */
  async function markNotSent(row: ClaimedRow, token: string, reason: string) {
    await db
      .updateTable('eventMailOutbox')
      .set({ claim: null, lastError: reason, failedAt: sql`now()` })
      .where('id', '=', row.id)
      .where('claim', '=', token)
      .execute();
    log.info(logFields(row), `${mailName(row)} ${reason}`);
  }

  /** The mail a claimed row stands for, by its kind; or why it is no longer to be sent. */
  async function mailOf(
    row: ClaimedRow,
    events: Map<number, CalendarEvent | undefined>,
  ): Promise<{ mail: OutgoingMail } | { notSent: string }> {
    if (row.kind === 'promotion') return promotionMailFor(db, row, deps.config);
    if (!events.has(row.eventId)) events.set(row.eventId, await calendarEvent(db, row.eventId));
    const event = events.get(row.eventId);
    // The event row is gone only if it was deleted, and then its outbox rows with it.
    if (!event) throw new Error(`event ${row.eventId} no longer exists`);
    return { mail: eventChangeMail(event, changeOf(row.change), row, deps.config) };
  }

  /** One claim's rows, sent side by side. Answers how many rows were claimed. */
  async function sendOneClaim(events: Map<number, CalendarEvent | undefined>): Promise<number> {
    const { token, rows } = await claim();
    await Promise.all(
      rows.map(async (row) => {
        try {
          const outcome = await mailOf(row, events);
          if ('notSent' in outcome) {
            await markNotSent(row, token, outcome.notSent);
            return;
          }
          await withTimeout(mailer.send(outcome.mail), options.sendTimeoutMs);
        } catch (error) {
          await markFailed(row, token, error);
          return;
        }
        await markSent(row, token);
      }),
    );
    return rows.length;
  }

  async function drainOnce(): Promise<number> {
    // The event is read once per pass for all its recipients (a pass is one wake-up's work).
    const events = new Map<number, CalendarEvent | undefined>();
    let handled = 0;
    for (let n = await sendOneClaim(events); n > 0; n = await sendOneClaim(events)) handled += n;
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db
        .deleteFrom('eventMailOutbox')
        .where('sentAt', '<', sql<Date>`now() - make_interval(days => ${sql.lit(KEEP_SENT_DAYS)})`)
        .execute();
    }
    return handled;
  }

  /** Passes run one after another: a wake during a pass asks for one more pass after it. */
  function pass(): Promise<number> {
    const next = current.then(async () => {
      again = false;
      try {
        const handled = await drainOnce();
        if (handled) log.info({ handled }, 'event mails handled');
        return handled;
      } catch (error) {
        // The database was unreachable, say: the next poll tries again.
        log.error({ err: error }, 'event mails: the outbox could not be read');
        return 0;
      }
    });
    current = next;
    return next;
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => {
      void pass().then(() => schedule(again ? 0 : options.pollMs));
    }, ms);
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      again = true;
      if (running) schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
    drain: () => pass(),
  };
}
