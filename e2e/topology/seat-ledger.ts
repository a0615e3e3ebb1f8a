import pg from 'pg';
import type { Answer } from './load-driver.ts';

/** What the database holds for one event's seats: its counter, its capacity and who has a seat. */
export interface SeatLedger {
  capacity: number;
  attendeeCount: number;
  attendingUids: string[];
}

export async function readSeatLedger(databaseUrl: string, eventId: number): Promise<SeatLedger> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const event = await client.query<{ capacity: number; attendee_count: number }>(
      'select capacity, attendee_count from event where id = $1',
      [eventId],
    );
    const rows = await client.query<{ uid: string }>(
      `select u.uid from event_attendee a join app_user u on u.id = a.user_id
       where a.event_id = $1 and a.status = 'attending'`,
      [eventId],
    );
    return {
      capacity: event.rows[0]!.capacity,
      attendeeCount: event.rows[0]!.attendee_count,
      attendingUids: rows.rows.map((r) => r.uid),
    };
  } finally {
    await client.end();
  }
}

/**
 * Where the answers the client saw and the database disagree: an acknowledged attend (200) with no
 * seat, a seat nobody was told about (neither 200 nor "already attending", the answer a retried
 * attend gets when its first try was applied), a counter that is not the number of seats taken, or
 * more seats than the capacity. Empty when all agree.
 */
export function seatDisagreements(answers: Answer[], ledger: SeatLedger): string[] {
  const attends = answers.filter((a) => a.kind === 'attend');
  const acknowledged = new Set(attends.filter((a) => a.status === 200).map((a) => a.uid));
  const toldAttending = new Set(
    attends.filter((a) => a.status === 200 || /already attending/i.test(a.message ?? '')).map((a) => a.uid),
  );
  const seated = new Set(ledger.attendingUids);
  const problems: string[] = [];
  const lost = [...acknowledged].filter((uid) => !seated.has(uid!));
  if (lost.length) problems.push(`${lost.length} acknowledged attends have no seat: ${lost.join(', ')}`);
  const phantom = ledger.attendingUids.filter((uid) => !toldAttending.has(uid));
  if (phantom.length) problems.push(`${phantom.length} seats were never acknowledged: ${phantom.join(', ')}`);
  if (ledger.attendeeCount !== seated.size)
    problems.push(`the event's attendee count is ${ledger.attendeeCount} but ${seated.size} seats are taken`);
  if (seated.size > ledger.capacity) problems.push(`${seated.size} seats taken of a capacity of ${ledger.capacity}`);
  return problems;
}
