import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import type { EventDetail } from '@hub/contract/events';
import { cancelQuietly, createEvent, mailsFor } from '../../support/events';
import { ApiUser } from '../../support/hub-api';
import { apiDir, compiledEntry, productionEnvironment } from '../api-roles.ts';
import { runToEnd } from '../service-process.ts';
import { topologyInfo } from '../topology-info.ts';

/**
 * The API's roles as the topology started them: the migrate role run twice at the same time on an
 * empty database (the lock lets one apply the migrations, the other finds nothing to do, both exit
 * 0), both replicas ready, the worker apart; and a true NODE_ENV=production process refusing the
 * Auth emulator, the one setting the topology cannot give as production does.
 */
const topology = topologyInfo();

test('the migrate role ran twice at the same time: both exited 0 and every migration was applied once', async () => {
  expect(topology.migrateRuns.map((run) => run.code)).toEqual([0, 0]);
  // One applied them, the other waited for its lock and found the database up to date.
  const said = topology.migrateRuns.map((run) =>
    /Migrations applied: /.test(run.output) ? 'applied' : /up to date/.test(run.output) ? 'up to date' : run.output,
  );
  expect(said.sort()).toEqual(['applied', 'up to date']);
  const migrations = readdirSync(path.join(apiDir, 'src', 'db', 'migrations'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const client = new pg.Client({ connectionString: topology.databaseUrl });
  await client.connect();
  try {
    const applied = await client.query<{ name: string }>('select name from kysely_migration order by name');
    expect(applied.rows.map((r) => r.name)).toEqual(migrations);
  } finally {
    await client.end();
  }
});

test('both API replicas and the worker answer ready, each on its own port', async () => {
  for (const port of [...topology.ports.api, topology.ports.worker]) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(answer.status, `readiness on :${port}`).toBe(200);
  }
});

test('the replicas log as production does: structured JSON lines at info, each into its own log', async () => {
  for (const file of topology.apiLogFiles) {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(lines.length, file).toBeGreaterThan(0);
    expect(
      lines.some((l) => (JSON.parse(l) as { level?: number }).level === 30),
      file,
    ).toBe(true);
  }
});

test('with NODE_ENV=production the API refuses the Auth emulator, whatever else is set as production', async () => {
  const env = {
    ...productionEnvironment(topology.apiSettings, topology.ports.refused, 'refused'),
    NODE_ENV: 'production',
  };
  const { code, output } = await runToEnd(process.execPath, [compiledEntry, 'api'], env, apiDir);
  expect(code).not.toBe(0);
  expect(output).toContain(
    `FIREBASE_AUTH_EMULATOR_HOST is set (${topology.authEmulatorHost}) while NODE_ENV=production: refusing to start`,
  );
  // It never listened.
  await expect(fetch(`http://127.0.0.1:${topology.ports.refused}/api/health/live`)).rejects.toThrow();
});

test('the worker sends the mails, the replicas do not: the attendee of a cancelled event is told by the worker', async () => {
  let event: EventDetail | undefined;
  try {
    event = await createEvent({
      capacity: 5,
      locations: [{ cityName: 'Leiden', address: 'Breestraat 1', online: 'No' }],
    });
    const external = new ApiUser('external@hub.test');
    const attended = await external.call('PUT', `api/events/${event.id}/attendance`, {
      eventLocationId: event.locations[0]!.eventLocationId,
    });
    expect(attended.status).toBe(200);
    await cancelQuietly(event.id);
    const subject = `Cancelled: ${event.title}`;
    // Over SMTP to the topology's mail catcher, read through its API (global-setup.ts): exactly once.
    await expect
      .poll(async () => (await mailsFor('external@hub.test')).filter((m) => m.subject === subject).length, {
        timeout: 30_000,
      })
      .toBe(1);
    // Who sent it: every role logs the mail jobs it handled at info, as production logs; only the worker has any.
    const logs = readdirSync(topology.apiSettings.logDir).filter((f) => /^(api-\d+|worker)\.\d+\.log$/.test(f));
    const sentBy = logs.filter((f) =>
      readFileSync(path.join(topology.apiSettings.logDir, f), 'utf8').includes('"mails handled"'),
    );
    expect(sentBy.map((f) => f.split('.')[0])).toEqual(['worker']);
  } finally {
    await cancelQuietly(event?.id);
  }
});

test('the worker serves its own metrics, apart from its health port: a mail it sends is counted there', async () => {
  const worker = `http://127.0.0.1:${topology.ports.metrics.worker}/metrics`;
  const sent = async () => {
    const text = await (await fetch(worker)).text();
    expect(text).toContain('service="hub-worker"');
    return Number(/^hub_mail_sends_total\{[^}]*result="sent"[^}]*\} (\d+)$/m.exec(text)?.[1] ?? 0);
  };
  const before = await sent();
  // A mail job written straight into the queue (pg-boss's job table), as a replica's transaction queues one.
  const client = new pg.Client({ connectionString: topology.databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into pgboss.job (name, data)
      select 'mail', jsonb_build_object('kind', 'event-change', 'payload', jsonb_build_object('eventId', id,
        'email', 'metrics@hub.test', 'firstName', 'Metrics', 'lastName', 'Reader', 'status', 'attending',
        'change', '{"kind":"cancelled"}'::jsonb)) from event order by id limit 1`);
  } finally {
    await client.end();
  }
  await expect.poll(sent, { timeout: 30_000 }).toBeGreaterThan(before);
  const text = await (await fetch(worker)).text();
  expect(text).toMatch(/^hub_mail_jobs_backlog\{[^}]*\} \d+$/m);
  expect(text).toMatch(/^hub_mail_jobs_oldest_age_seconds\{[^}]*\} [\d.e+-]+$/m);
  // Never on the worker's health port.
  expect((await fetch(`http://127.0.0.1:${topology.ports.worker}/metrics`)).status).toBe(404);
  // The replicas leave the one shared queue to the worker: scraping every process counts it once.
  for (const port of topology.ports.metrics.api) {
    const replica = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(replica, `replica metrics on :${port}`).toContain('hub_http_request_duration_seconds');
    expect(replica).not.toMatch(/^hub_mail_jobs_backlog/m);
  }
});
