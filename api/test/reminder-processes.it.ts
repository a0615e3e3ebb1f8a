/**
 * Reminders with several processes on one PostgreSQL (mail/reminders.ts, jobs/): two API processes
 * that run the mail jobs themselves (HUB_OUTBOX=inline) and a worker role, all three sweeping for due
 * reminders every 100 ms, send each reminder exactly once (three naive schedulers would send three).
 * Then every process stops; the hour reminders are queued while none runs, and a worker started
 * afterwards sends them: queued jobs survive a restart.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { queueDueReminders } from '../src/mail/reminders.ts';
import { spawnApi, killedAtEnd, type ApiProcess } from './helpers/api-process.ts';
import { MailInbox } from './helpers/mail-inbox.ts';
import { seededDatabase } from './helpers/mail-outbox.ts';
import { call, emulatorHost, mailCatcher, postgresAdminUrl, tempDir, tokenFor } from './helpers/test-env.ts';

const running = killedAtEnd();
const ATTENDEES = ['staff@hub.test', 'external@hub.test', 'newstaff@hub.test', 'admin@hub.test'];

describe('reminders across processes (PostgreSQL)', { skip: postgresAdminUrl() ? false : 'no PostgreSQL' }, () => {
  const dirs = [tempDir('hub-rem-a-'), tempDir('hub-rem-b-'), tempDir('hub-rem-w-'), tempDir('hub-rem-w2-')];
  after(() => dirs.forEach((d) => d.remove()));

  it('two API processes and a worker send each reminder once; queued jobs wait for a worker', async () => {
    const { first, databaseUrl, dir } = await seededDatabase('postgres', 'reminder_processes');
    const sender = `reminders-${process.pid}@hub.test`;
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DATABASE_URL: databaseUrl!,
      HUB_SMTP_URL: mailCatcher().smtpUrl,
      HUB_MAIL_FROM: sender,
      HUB_MAIL_POLL_MS: '200',
      HUB_REMINDER_SWEEP_MS: '100',
      HUB_MAIL_SEND_RATE_PER_MINUTE: '60000',
    };
    const inbox = new MailInbox(mailCatcher().webUrl, sender);
    const start = async (data: string, role: 'api' | 'worker') => {
      const proc = await spawnApi(
        { ...env, HUB_DATA_DIR: data },
        { args: [role], ...(role === 'worker' ? { readyText: 'health on' } : {}) },
      );
      running.push(proc);
      return proc;
    };
    const stop = async (proc: ApiProcess) => {
      await proc.kill('SIGTERM');
      assert.equal(await proc.exited, 0, proc.output());
    };
    try {
      const [a, b, worker] = await Promise.all([
        start(dirs[0]!.path, 'api'),
        start(dirs[1]!.path, 'api'),
        start(dirs[2]!.path, 'worker'),
      ]);
      const admin = await tokenFor('admin@hub.test');
      const startsAt = new Date(Date.now() + 61 * 60_000);
      const title = `Once only ${process.pid}`;
      const created = await call(a.url, 'POST', '/api/events', {
        token: admin,
        body: {
          communityId: 2,
          title,
          description: '',
          imageUrl: '',
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
          timeZone: 'Europe/Amsterdam',
          capacity: null,
          locations: [{ cityName: 'Amsterdam', address: 'Dam 1', online: 'No' }],
        },
      });
      assert.equal(created.status, 201, created.text);
      const room = created.json.locations[0].eventLocationId;
      for (const [i, email] of ATTENDEES.entries()) {
        const answer = await call([a, b][i % 2]!.url, 'PUT', `/api/events/${created.json.id}/attendance`, {
          token: await tokenFor(email),
          body: { eventLocationId: room },
        });
        assert.equal(answer.status, 200, answer.text);
      }

      await inbox.waitFor({ subject: `Tomorrow: ${title}`, count: ATTENDEES.length, timeoutMs: 20_000 });
      // Many more sweeps of the three processes: still one each.
      await sleep(2_000);
      const day = await inbox.mails({ subject: `Tomorrow: ${title}` });
      assert.deepEqual(day.map((m) => m.to).sort(), [...ATTENDEES].sort(), 'one day reminder each');

      await Promise.all([stop(a), stop(b), stop(worker)]);
      // Nobody runs the jobs now: the hour reminders are queued (as of 59 minutes before), and wait.
      const hourMark = new Date(startsAt.getTime() - 59 * 60_000);
      assert.equal(await queueDueReminders(first.db, hourMark), ATTENDEES.length);
      await sleep(500);
      assert.deepEqual(await inbox.mails({ subject: `In an hour: ${title}` }), []);

      const restarted = await start(dirs[3]!.path, 'worker');
      await inbox.waitFor({ subject: `In an hour: ${title}`, count: ATTENDEES.length, timeoutMs: 20_000 });
      await sleep(1_000);
      const hour = await inbox.mails({ subject: `In an hour: ${title}` });
      assert.deepEqual(hour.map((m) => m.to).sort(), [...ATTENDEES].sort(), 'one hour reminder each');
      assert.equal((await inbox.mails({ subject: `Tomorrow: ${title}` })).length, ATTENDEES.length);
      await stop(restarted);
    } finally {
      await first.close();
      dir.remove();
    }
  });
});
