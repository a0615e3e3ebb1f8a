/**
 * Reminders a day and an hour before an event (mail/reminders.ts), through the job queue
 * (jobs/, pg-boss) to the run's mail catcher, on PGlite and PostgreSQL. An event starting in 61
 * minutes is inside the day reminder's window; the hour reminder's window is reached by sweeping as
 * of 59 minutes before the start (the sweep takes the moment it sweeps for). Each arrives once, the
 * join link only for the person attending online; none for a withdrawn person or a cancelled event.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeReminderMail, queueDueReminders } from '../src/mail/reminders.ts';
import { eventBody } from './helpers/event-body.ts';
import { call, postgresAdminUrl, startTestApi, testConfig, tokenFor, type TestApi } from './helpers/test-env.ts';

const JOIN_URL = 'https://meet.example.com/reminder-room';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `reminders (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin: string;
      before(async () => {
        api = await startTestApi({
          kind,
          config: {
            siteUrl: 'https://hub.example.com',
            reminderSweepMs: 200,
            mailOutbox: { ...testConfig().mailOutbox, pollMs: 200 },
          },
        });
        admin = await tokenFor('admin@hub.test');
      });
      after(async () => api?.close());

      async function eventIn(minutes: number, title: string) {
        const startsAt = new Date(Date.now() + minutes * 60_000);
        const created = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: {
            ...eventBody(title, null, [
              {
                cityName: 'Bangalore',
                address: 'Whitefield Road 1',
                online: 'No',
                arrivalNotes: 'Gate B, then reception',
              },
              { cityName: '', address: null, online: 'Yes', joinUrl: JOIN_URL },
            ]),
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
          },
        });
        assert.equal(created.status, 201, created.text);
        const [room, stream] = created.json.locations.map((l: { eventLocationId: number }) => l.eventLocationId);
        return { id: created.json.id as number, startsAt, room, stream };
      }
      const attend = async (id: number, email: string, eventLocationId: number) => {
        const answer = await call(api.url, 'PUT', `/api/events/${id}/attendance`, {
          token: await tokenFor(email),
          body: { eventLocationId },
        });
        assert.equal(answer.status, 200, answer.text);
      };

      it('keeps the organiser’s reminder switches: on by default, kept by an edit that leaves them out', async () => {
        const body = eventBody(`Switches ${kind}`, null, [{ cityName: 'Bangalore', address: 'Road 2', online: 'No' }]);
        const created = await call(api.url, 'POST', '/api/events', { token: admin, body });
        assert.equal(created.status, 201, created.text);
        assert.deepEqual(created.json.reminders, { dayBefore: true, hourBefore: true });
        const id = created.json.id;
        const locations = created.json.locations.map((l: { eventLocationId: number }) => ({
          eventLocationId: l.eventLocationId,
          cityName: 'Bangalore',
          address: 'Road 2',
          online: 'No',
        }));
        const off = await call(api.url, 'PUT', `/api/events/${id}`, {
          token: admin,
          body: { ...body, locations, reminders: { dayBefore: true, hourBefore: false } },
        });
        assert.equal(off.status, 200, off.text);
        assert.deepEqual(off.json.reminders, { dayBefore: true, hourBefore: false });
        const kept = await call(api.url, 'PUT', `/api/events/${id}`, { token: admin, body: { ...body, locations } });
        assert.deepEqual(kept.json.reminders, { dayBefore: true, hourBefore: false }, 'left out: unchanged');
        const wrong = await call(api.url, 'PUT', `/api/events/${id}`, {
          token: admin,
          body: { ...body, locations, reminders: { dayBefore: 'yes' } },
        });
        assert.equal(wrong.status, 400);
        assert.match(wrong.text, /reminders/);
      });

      it('sends the day and the hour reminder once each, with the join link only for the person online', async () => {
        const title = `Reminder check ${kind}`;
        const event = await eventIn(61, title);
        await attend(event.id, 'staff@hub.test', event.stream);
        await attend(event.id, 'external@hub.test', event.room);

        // The process's own sweep (every 200 ms) finds the day reminders.
        const dayOnline = await api.inbox.waitFor({ to: 'staff@hub.test', subject: `Tomorrow: ${title}` });
        const dayInPerson = await api.inbox.waitFor({ to: 'external@hub.test', subject: `Tomorrow: ${title}` });
        assert.ok(dayOnline[0]!.text.includes(`Online: ${JOIN_URL}`), dayOnline[0]!.text);
        assert.ok(String(dayOnline[0]!.parsed.html).includes(JOIN_URL), 'in the HTML part too');
        assert.doesNotMatch(dayInPerson[0]!.text, /meet\.example\.com/);
        assert.doesNotMatch(String(dayInPerson[0]!.parsed.html), /meet\.example\.com/);
        assert.match(dayInPerson[0]!.text, /Whitefield Road 1, Bangalore/);
        // The office's arrival notes for the person there; none for the person online.
        assert.match(dayInPerson[0]!.text, /^Arrival: Gate B, then reception$/m);
        assert.doesNotMatch(dayOnline[0]!.text, /Gate B/);
        // Not transactional: one-click unsubscribe (RFC 8058) and the footer saying why.
        const headerLines = dayOnline[0]!.parsed.headerLines.map((h) => h.line).join('\n');
        assert.match(headerLines, /^List-Unsubscribe:\s+<https?:\/\/[^>]+\/api\/mail\/unsubscribe\?token=/m);
        assert.match(headerLines, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
        assert.match(dayOnline[0]!.text, /because you attend this event/);

        // The clock moved to 59 minutes before the start: the hour reminders. Two sweeps at once queue them once.
        const hourMark = new Date(event.startsAt.getTime() - 59 * 60_000);
        const queued = await Promise.all([
          queueDueReminders(api.database.db, hourMark),
          queueDueReminders(api.database.db, hourMark),
        ]);
        assert.equal(queued[0]! + queued[1]!, 2, `queued ${queued.join(' + ')}`);
        await api.inbox.waitFor({ to: 'staff@hub.test', subject: `In an hour: ${title}` });
        await api.inbox.waitFor({ to: 'external@hub.test', subject: `In an hour: ${title}` });

        // More sweeps (the process's own, and this one) send nothing more.
        assert.equal(await queueDueReminders(api.database.db, hourMark), 0);
        await sleep(1_000);
        for (const to of ['staff@hub.test', 'external@hub.test']) {
          const subjects = (await api.inbox.mails({ to }))
            .map((m) => m.subject)
            .filter((s) => /^(Tomorrow|In an hour): /.test(s) && s.endsWith(title));
          assert.deepEqual(subjects.sort(), [`In an hour: ${title}`, `Tomorrow: ${title}`], to);
        }
      });

      it('reminds nobody who withdrew, of a cancelled event, rescheduled, or with the switch off', async () => {
        // Tomorrow evening: outside both windows for the process's own sweep; swept here as of 23 hours before.
        const open = await eventIn(25 * 60, `Withdrawn check ${kind}`);
        await attend(open.id, 'newstaff@hub.test', open.room);
        await attend(open.id, 'external@hub.test', open.room);
        assert.equal(
          (
            await call(api.url, 'DELETE', `/api/events/${open.id}/attendance`, {
              token: await tokenFor('newstaff@hub.test'),
            })
          ).status,
          200,
        );
        const cancelled = await eventIn(25 * 60, `Cancelled check ${kind}`);
        await attend(cancelled.id, 'newstaff@hub.test', cancelled.room);
        assert.equal(
          (await call(api.url, 'POST', `/api/events/${cancelled.id}/cancel`, { token: admin, body: {} })).status,
          200,
        );
        const dayMark = new Date(open.startsAt.getTime() - 23 * 3_600_000);
        assert.equal(await queueDueReminders(api.database.db, dayMark), 1, 'only the person still attending');
        await api.inbox.waitFor({ to: 'external@hub.test', subject: `Tomorrow: Withdrawn check ${kind}` });

        // Checked again at send time: a job queued before the withdrawal (or cancellation) sends nothing.
        const context = { db: api.database.db, config: api.config };
        const newstaff = await api.database.db
          .selectFrom('appUser')
          .select('id')
          .where('email', '=', 'newstaff@hub.test')
          .executeTakeFirstOrThrow();
        const job = (eventId: number, startsAt: Date) =>
          ({ eventId, userId: newstaff.id, kind: 'day', startsAt: startsAt.toISOString() }) as const;
        assert.deepEqual(await makeReminderMail(job(open.id, open.startsAt), context), {
          notSent: 'not sent: the person no longer attends',
        });
        assert.deepEqual(await makeReminderMail(job(cancelled.id, cancelled.startsAt), context), {
          notSent: 'not sent: the event was cancelled',
        });
        const external = await api.database.db
          .selectFrom('appUser')
          .select('id')
          .where('email', '=', 'external@hub.test')
          .executeTakeFirstOrThrow();
        const rescheduled = {
          eventId: open.id,
          userId: external.id,
          kind: 'day',
          startsAt: dayMark.toISOString(),
        } as const;
        assert.deepEqual(await makeReminderMail(rescheduled, context), {
          notSent: 'not sent: the event was rescheduled (the new time has its own reminder)',
        });
        await api.database.db.updateTable('event').set({ remindDayBefore: false }).where('id', '=', open.id).execute();
        assert.deepEqual(await makeReminderMail({ ...rescheduled, startsAt: open.startsAt.toISOString() }, context), {
          notSent: 'not sent: the organiser switched this reminder off',
        });
        await sleep(500);
        assert.deepEqual(
          (await api.inbox.mails({ to: 'newstaff@hub.test' })).filter((m) =>
            /^(Tomorrow|In an hour): /.test(m.subject),
          ),
          [],
        );
      });
    },
  );
}
