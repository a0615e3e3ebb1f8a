/**
 * The global mail send rate: at most `perMinute` sends start per minute, counted over every job
 * runner of every process on the database (Exchange Online allows 30 a minute per mailbox). The
 * slots live in one row (migration 0014): taking one moves `next_at` one interval past the later of
 * itself and now, in a single update whose row lock makes it atomic across processes, and answers
 * how long to wait until the slot taken. The sends are spaced evenly, so no minute ever holds more
 * than the rate, whoever sends. Times are the database's clock, one for every process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SendRate {
  /** Takes the next send slot: when it is (ms since the epoch, the database's clock) and how long to wait for it. */
  reserve(): Promise<{ at: number; waitMs: number }>;
  /** The gap between two sends, in ms. */
  readonly intervalMs: number;
}

export function createSendRate(db: Kysely<Database>, perMinute: number): SendRate {
  const intervalMs = 60_000 / perMinute;
  const interval = sql`${sql.lit(intervalMs)} * interval '1 millisecond'`;
  return {
    intervalMs,
    async reserve() {
      const row = await db
        .updateTable('mailSendSlot')
        .set({ nextAt: sql`greatest(next_at, clock_timestamp()) + ${interval}` })
        .where('id', '=', 1)
        .returning([
          sql<number>`extract(epoch from (next_at - ${interval})) * 1000`.as('at'),
          sql<number>`extract(epoch from (next_at - ${interval} - clock_timestamp())) * 1000`.as('waitMs'),
        ])
        .executeTakeFirstOrThrow();
      return { at: Number(row.at), waitMs: Math.max(0, Number(row.waitMs)) };
    },
  };
}

/**
 * Waits for a send slot of `rate`. A slot woken more than an interval late (this process stalled,
 * or the database answered slowly: its slot's neighbours went on time) is given up once for a fresh
 * one, so a stall is followed by sends at the rate, not by the burst of every slot that fell due
 * meanwhile; a lost slot only lowers the rate. Once only, so that a machine too busy to keep its
 * timers still sends.
 *
 * The slot lies `waitMs` after the moment the database took it, somewhere between asking and the
 * answer. The wait runs from the answer, so a send is never early; its lateness is counted from the
 * asking, so a slow answer counts as lateness (counted from the answer, a reply held up 120 ms let
 * a slot go 120 ms late beside its on-time neighbour: two sends 18 ms apart at 600 a minute).
 */
export async function waitForSlot(rate: SendRate, signal?: AbortSignal): Promise<void> {
  for (let tries = 0; ; tries++) {
    const asked = performance.now();
    const { waitMs } = await rate.reserve();
    if (waitMs > 0) await sleep(waitMs, undefined, { signal });
    if (tries > 0 || performance.now() - (asked + waitMs) <= rate.intervalMs) return;
  }
}
