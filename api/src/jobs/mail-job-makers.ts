/** Which maker turns each kind of mail job into its mail (mail-jobs.ts lists the kinds). */
import { makeReminderMail } from '../mail/reminders.ts';
import type { MailJobMakers } from './mail-jobs.ts';

export const mailJobMakers: MailJobMakers = {
  reminder: makeReminderMail,
};
