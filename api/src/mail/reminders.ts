/**
 * Reminders a day and an hour before each event (issue 26). A sweep (startReminderSweep, every
 * HUB_REMINDER_SWEEP_MS in each process that runs the jobs) queues the reminders that fell due, in one
 * statement: it inserts (event, person, kind, start time) into the event_reminder ledger and queues a
 * mail job for each row it inserted, so however many processes sweep at once, each reminder is queued
 * once (the ledger's primary key; the losers' inserts do nothing).
 *
 * Due: the day reminder from 24 hours before the start until 1 hour before, the hour reminder in the
 * last hour; for people attending (not waiting) non-cancelled events whose organiser left that
 * reminder switched on. A person who starts attending inside a window gets that window's reminder
 * at the next sweep (unless they switched reminders off in My account); a rescheduled event (a new start time) is a new ledger key, so it reminds again
 * for its new time. At send time the maker checks again (the event not cancelled, the time unchanged,
 * the switch on, the person still attending, the event not started): otherwise no mail.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMailJobs } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { attendeePlaceOf, eventAttendeeForMail } from './event-attendee-for-mail.ts';
import { mailPreferenceFor, wantsKind } from './preferences/mail-preferences.ts';
import { unsubscribeLinks } from './preferences/list-unsubscribe.ts';
import { eventReminderMail } from './templates/event-reminder.tsx';
import { eventTimeInItsZone } from './waiting-list-mail.ts';

/** Queues the reminders due at `at` (the database's now when absent); answers how many were queued. */
export async function queueDueReminders(db: Kysely<Database>, at?: Date): Promise<number> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return insertMailJobs(db, 'reminder', {
    with: sql`with due as (
      insert into event_reminder (event_id, user_id, kind, starts_at)
      select e.id, a.user_id, w.kind, e.starts_at
      from event e
      join event_attendee a on a.event_id = e.id and a.status = 'attending'
      cross join (values ('day', interval '24 hours', interval '1 hour'), ('hour', interval '1 hour', interval '0')) w (kind, opens, closes)
      where not e.cancelled
        and e.starts_at - w.opens <= ${now} and ${now} < e.starts_at - w.closes
        and case w.kind when 'day' then e.remind_day_before else e.remind_hour_before end
        and ${wantsKind(sql.ref('a.user_id'), 'reminders')}
      on conflict do nothing
      returning event_id, user_id, kind, starts_at
    )`,
    rows: sql`select jsonb_build_object('eventId', event_id, 'userId', user_id, 'kind', kind,
        'startsAt', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as payload,
      'reminder:' || kind || ':' || event_id || ':' || user_id || ':' || extract(epoch from starts_at)::bigint as singleton_key,
      null::timestamptz as start_after
      from due`,
  });
}

/** The reminder's mail from what is true now, or why it is no longer to be sent. */
export const makeReminderMail: MailJobMaker<'reminder'> = async (payload, { db, config }) => {
  const row = await eventAttendeeForMail(db, payload.eventId, payload.userId);
  if (!row) return { notSent: 'not sent: the event or the person is gone' };
  if (row.cancelled) return { notSent: 'not sent: the event was cancelled' };
  if (row.status === null) return { notSent: 'not sent: the person no longer attends' };
  if (row.status !== 'attending') return { notSent: 'not sent: the person is on the waiting list' };
  if (row.startsAt.getTime() !== new Date(payload.startsAt).getTime())
    return { notSent: 'not sent: the event was rescheduled (the new time has its own reminder)' };
  if (!(payload.kind === 'day' ? row.remindDayBefore : row.remindHourBefore))
    return { notSent: 'not sent: the organiser switched this reminder off' };
  if (row.startsAt.getTime() <= Date.now()) return { notSent: 'not sent: the event has started' };
  if (!(await mailPreferenceFor(db, payload.userId, 'reminders')))
    return { notSent: 'not sent: the person switched reminders off' };
  const links = await unsubscribeLinks({ userId: payload.userId, kind: 'reminders' }, config);
  const rendered = await eventReminderMail({
    firstName: row.firstName,
    before: payload.kind,
    event: {
      title: row.title,
      communityName: row.communityName,
      when: eventTimeInItsZone(row.startsAt, row.endsAt, row.timeZone),
      where: null,
      pageUrl: new URL(`/events/${row.id}`, `${config.siteUrl}/`).toString(),
    },
    // The join link for a person attending online only; the chosen place's address for the others.
    place: attendeePlaceOf(row, { joinLink: true }),
    unsubscribe: { pageUrl: links.pageUrl, preferencesUrl: links.preferencesUrl, what: 'reminders' },
  });
  return { mail: { to: row.email, ...rendered, headers: links.headers } };
};

/** Sweeps now and then every `everyMs` until stopped; a failed sweep is logged and the next tries again. */
export function startReminderSweep(
  db: Kysely<Database>,
  everyMs: number,
  onQueued: (count: number) => void,
  onError: (error: unknown) => void,
): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = async () => {
    try {
      const queued = await queueDueReminders(db);
      if (queued > 0) onQueued(queued);
    } catch (error) {
      onError(error);
    }
    if (!stopped) timer = setTimeout(() => void sweep(), everyMs).unref();
  };
  void sweep();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
