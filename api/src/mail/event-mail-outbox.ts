/**
 * The mail outbox (migrations 0008, 0009, 0013, 0014), with four kinds of row. An edit or a
 * cancellation writes one change row per person attending or waiting, in its own transaction
 * (`enqueueEventChangeMails`); a transaction that seats people from the waiting list writes one
 * promotion row per person seated (`enqueuePromotionMails`, promotion-mail-outbox.ts); the account
 * routes write a verification or password-reset row (account-mail.ts). The change and its mails
 * commit together, and a crash or a mail server that is down after the commit loses nothing. One
 * worker in every API process (or the worker role) sends the due rows of every kind and marks them:
 *
 *  - every send takes a slot of the global send rate first (send-rate.ts: HUB_MAIL_SEND_RATE_PER_MINUTE
 *    across every worker of every process), waits for it, and only then claims one due row with
 *    `update … where id in (select … for update skip locked)`: workers of other processes skip rows
 *    being claimed, and a claimed row's next_attempt_at is moved to the end of its lease, so nobody
 *    else takes it while it is sent. Claiming at the slot keeps a lease from running out while a row
 *    waits its turn. Up to PARALLEL_SENDS sends of one worker run side by side. Sending happens
 *    outside any transaction: on PGlite a transaction would hold the one session.
 *  - a sent row is marked sent_at; a failed one is due again after a doubling wait (retryBaseMs,
 *    at most an hour), logged as a warning, and given up after maxAttempts, logged as an error: with
 *    the mail's id and kind and the recipient masked (recipient-privacy.ts), never the address;
 *  - the marks require the claim's token, so a worker whose lease ran out cannot overwrite the row
 *    of the one that took over. A send has a timeout of half the lease, so in a running process a
 *    lease does not run out under a send. Delivery is at least once, as with every outbox whose
 *    transport is not part of the transaction: a process that dies mid-send leaves its rows to be
 *    sent again once their lease ends, and a send that timed out may still have arrived.
 *
 * The worker is woken right after a row is written (the mails start as soon as the answer is sent)
 * and otherwise looks every pollMs: for retries that fell due, rows another process wrote, and the
 * rows left when a process stopped. Rows settled more than 30 days ago are pruned. A mail that is no
 * longer true when its turn comes (a promotion whose person withdrew or whose event was cancelled,
 * a verification of an address verified since, a reset for an address without an account) is closed
 * unsent: failed_at, with the reason in last_error, logged as info.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ApiConfig, MailOutboxConfig } from '../config.ts';
import type { Database, EventMailKind } from '../db/schema.ts';
import type { IdentityProvider } from '../auth/verify-id-token.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import type { EventChange } from '../services/event-changes.ts';
import { eventChangeMail } from './event-mail.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { accountMailFor } from './account-mail.ts';
import { attendanceMailFor } from './attendance-mail-outbox.ts';
import { promotionMailFor } from './promotion-mail-outbox.ts';
import { maskAddress, maskAddresses } from './recipient-privacy.ts';
import { createSendRate } from './send-rate.ts';
import { withTimeout } from './with-timeout.ts';

/** Sends one worker runs side by side at most: an SMTP server limits parallel connections. */
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

export interface MailOutbox {
  /** Starts the worker (the server does on ready). */
  start(): void;
  /** Asks the worker to look now (after a row was written). */
  wake(): void;
  /** Stops looking (and waiting for a send slot), and resolves when the mails being sent are marked. */
  stop(): Promise<void>;
  /** Sends everything due now, then resolves with how many mails this call handled (tests, tools). */
  drain(): Promise<number>;
}

export function createMailOutbox(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<ApiConfig, 'siteUrl' | 'mailFrom' | 'mailOutbox'>;
  log: FastifyBaseLogger;
  /** Makes the account mails' links; a worker without it fails (and retries) account mails. */
  identity?: Pick<IdentityProvider, 'auth'>;
}): MailOutbox {
  const { db, mailer, log } = deps;
  const options = deps.config.mailOutbox;
  const leaseMs = options.sendTimeoutMs * 2;
  const rate = createSendRate(db, options.sendRatePerMinute);
  let running = false;
  let stopped = false;
  /** Ends the wait for a send slot when the worker stops. */
  let interrupt = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let again = false;
  let lastPrune = 0;

  const due = (eb: ReturnType<typeof db.selectFrom<'eventMailOutbox'>>) =>
    eb
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .where('nextAttemptAt', '<=', sql<Date>`now()`);

  /** Whether any row is due (so an idle pass takes no send slot). */
  async function anythingDue(): Promise<boolean> {
    return (await due(db.selectFrom('eventMailOutbox')).select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Claims the next due row for this worker, under a fresh token. */
  async function claim() {
    const token = randomUUID();
    const row = await db
      .updateTable('eventMailOutbox')
      .set({
        claim: token,
        attempts: sql`attempts + 1`,
        nextAttemptAt: sql`now() + ${sql.lit(leaseMs)} * interval '1 millisecond'`,
      })
      .where('id', 'in', (eb) =>
        due(eb.selectFrom('eventMailOutbox'))
          .select('id')
          .orderBy('nextAttemptAt')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'eventId', 'userId', 'email', 'firstName', 'lastName', 'status', 'change', 'attempts'])
      .executeTakeFirst();
    return row && { token, row };
  }

  type ClaimedRow = NonNullable<Awaited<ReturnType<typeof claim>>>['row'];
  const MAIL_NAMES: Record<ClaimedRow['kind'], string> = {
    change: 'event change mail',
    promotion: 'waiting list promotion mail',
    verification: 'verification mail',
    'password-reset': 'password reset mail',
    confirmation: 'attendance confirmation mail',
    withdrawal: 'withdrawal mail',
  };
  /** What the logs call a row ("event change mail", "password reset mail"). */
  const mailName = (row: ClaimedRow) => MAIL_NAMES[row.kind];
  const logFields = (row: ClaimedRow) => ({
    outboxId: row.id,
    kind: row.kind,
    ...(row.eventId === null ? {} : { eventId: row.eventId }),
    recipient: maskAddress(row.email),
  });
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
    // The error's message only (an SMTP refusal quotes the address: masked), not its object.
    const fields = { ...logFields(row), attempts: row.attempts, error: maskAddresses(message) };
    if (giveUp) log.error(fields, `${mailName(row)} given up after ${row.attempts} attempts`);
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
  async function mailOf(row: ClaimedRow): Promise<{ mail: OutgoingMail } | { notSent: string }> {
    if (row.kind === 'verification' || row.kind === 'password-reset') {
      if (!deps.identity) throw new Error('this worker has no identity provider to make the link');
      return accountMailFor(row.kind, row.email, deps.identity.auth, deps.config);
    }
    const { eventId, status } = row;
    if (eventId === null || status === null) throw new Error(`an event mail without its event (${row.kind})`);
    if (row.kind === 'promotion') return promotionMailFor(db, { ...row, eventId }, deps.config);
    if (row.kind === 'confirmation' || row.kind === 'withdrawal')
      return attendanceMailFor(db, { ...row, kind: row.kind, eventId, status }, deps.config);
    const event = await calendarEvent(db, eventId);
    // The event row is gone only if it was deleted, and then its outbox rows with it.
    if (!event) throw new Error(`event ${eventId} no longer exists`);
    return { mail: await eventChangeMail(event, changeOf(row.change), { ...row, status }, deps.config) };
  }

  /** Makes and sends one claimed row's mail, and marks the row. */
  async function sendRow(row: ClaimedRow, token: string): Promise<void> {
    try {
      const outcome = await mailOf(row);
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
  }

  /** Waits ms, or less when the worker stops; answers whether the wait ran its course. */
  function pause(ms: number): Promise<boolean> {
    const signal = interrupt.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wait = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(wait);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends the due rows one send slot at a time, up to PARALLEL_SENDS at once; answers how many it handled. */
  async function drainOnce(): Promise<number> {
    const sending = new Set<Promise<void>>();
    let handled = 0;
    try {
      while (!stopped && (await anythingDue())) {
        const waitMs = await rate.reserve();
        if (waitMs > 0 && !(await pause(waitMs))) break;
        const claimed = await claim();
        // Another worker took it meanwhile (the slot goes unused).
        if (!claimed) break;
        handled++;
        const send: Promise<void> = sendRow(claimed.row, claimed.token).finally(() => sending.delete(send));
        sending.add(send);
        if (sending.size >= PARALLEL_SENDS) await Promise.race(sending);
      }
    } finally {
      await Promise.all(sending);
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const settledBefore = sql<Date>`now() - make_interval(days => ${sql.lit(KEEP_SENT_DAYS)})`;
      await db
        .deleteFrom('eventMailOutbox')
        .where((eb) => eb.or([eb('sentAt', '<', settledBefore), eb('failedAt', '<', settledBefore)]))
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
        if (handled) log.info({ handled }, 'mails handled');
        return handled;
      } catch (error) {
        // The database was unreachable, say: the next poll tries again.
        log.error({ err: error }, 'mail outbox: the outbox could not be read');
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
      stopped = false;
      if (interrupt.signal.aborted) interrupt = new AbortController();
      schedule(0);
    },
    wake() {
      again = true;
      if (running) schedule(0);
    },
    async stop() {
      running = false;
      stopped = true;
      interrupt.abort();
      clearTimeout(timer);
      await current;
    },
    drain: () => pass(),
  };
}
