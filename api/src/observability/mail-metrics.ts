/** Counts what the mail transport did with each mail (sent, failed), whichever outbox or route sent it. */
import type { Mailer } from '../mail/mailer.ts';
import type { ApiMetrics } from './metrics.ts';

export function countingMailer(mailer: Mailer, metrics: ApiMetrics): Mailer {
  return {
    ...mailer,
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mailSends.inc({ result: 'sent' });
      } catch (error) {
        metrics.mailSends.inc({ result: 'failed' });
        throw error;
      }
    },
  };
}
