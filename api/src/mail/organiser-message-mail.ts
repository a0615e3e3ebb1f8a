/**
 * The mails of an organiser message: one per recipient, queued in the message's transaction.
 * Answers how many were queued.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { countAudience, type Audience } from '../services/organiser-messages.ts';

export async function queueOrganiserMessageMails(
  _ctx: AppContext,
  trx: Transaction<Database>,
  _messageId: number,
  audience: Audience,
): Promise<number> {
  // Wired to the job queue's fan-out once it lands (branch mailq).
  return countAudience(trx, audience);
}
