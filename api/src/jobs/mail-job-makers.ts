/** Which maker turns each kind of mail job into its mail (mail-jobs.ts lists the kinds). */
import { makeAccountMail } from '../mail/account-mail.ts';
import { makeAttendanceMail } from '../mail/attendance-mail.ts';
import { makeEventChangeMail } from '../mail/event-change-mail.ts';
import { makePromotionMail } from '../mail/promotion-mail.ts';
import { makeCommunityNewsMail } from '../mail/community-news-mail.ts';
import { makeOrganiserMessageMail } from '../mail/organiser-message-mail.ts';
import { makeReminderMail } from '../mail/reminders.ts';
import { makeWeeklyDigestMail } from '../mail/weekly-digest.ts';
import { makeJoinRequestMail } from '../mail/join-request-mail.ts';
import type { MailJobMakers } from './mail-jobs.ts';

export const mailJobMakers: MailJobMakers = {
  'event-change': makeEventChangeMail,
  promotion: makePromotionMail,
  attendance: makeAttendanceMail,
  account: makeAccountMail,
  reminder: makeReminderMail,
  'organiser-message': makeOrganiserMessageMail,
  'community-news': makeCommunityNewsMail,
  'weekly-digest': makeWeeklyDigestMail,
  'join-request': makeJoinRequestMail,
};
