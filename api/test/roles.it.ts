/**
 * The API as production runs it: compiled to JavaScript (`node dist/main.js`, no tsx), deployed with
 * production dependencies only (`pnpm deploy --prod`), and split into roles: `migrate` (apply and
 * exit, safe to run twice at once), `api` (serves; not ready until migrated), `worker` (the mail
 * outbox, with the API replicas on HUB_OUTBOX=worker).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { compiledApiBefore, runCompiled, spawnApi, type ApiProcess, killedAtEnd } from './helpers/api-process.ts';
import { MailInbox } from './helpers/mail-inbox.ts';
import { enqueueFor, mailJobRows, seededDatabase, until } from './helpers/mail-outbox.ts';
import {
  call,
  createPostgresDatabase,
  emulatorHost,
  mailCatcher,
  pgliteDataDir,
  postgresAdminUrl,
  tempDir,
} from './helpers/test-env.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const noPostgres = postgresAdminUrl() ? false : 'no PostgreSQL server installed';

const running = killedAtEnd();
const apiDir = compiledApiBefore();

async function startCompiled(
  env: Record<string, string>,
  opts: { args?: string[]; readyText?: string; compiledIn?: string } = {},
): Promise<ApiProcess> {
  const proc = await spawnApi(
    { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...env },
    { compiledIn: opts.compiledIn ?? apiDir(), ...opts },
  );
  running.push(proc);
  return proc;
}

function pnpm(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn('pnpm', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  child.stdout.on('data', (d: Buffer) => lines.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => lines.push(d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output: lines.join('') })));
}

describe('the compiled API', () => {
  it('`pnpm deploy --prod` gives a folder that runs it with production dependencies only', async () => {
    const target = tempDir('hub-deploy-');
    const data = pgliteDataDir('hub-deployed-');
    const app = join(target.path, 'app');
    try {
      const deployed = await pnpm(['deploy', '--filter', '@hub/api', '--prod', app]);
      assert.equal(deployed.code, 0, deployed.output);
      const packages = readdirSync(join(app, 'node_modules', '.pnpm'));
      for (const devOnly of ['tsx@', 'typescript@', 'esbuild@', 'autocannon@'])
        assert.ok(!packages.some((p) => p.startsWith(devOnly)), `${devOnly} is not deployed`);
      const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
      assert.equal(manifest.dependencies.tsx, undefined, 'tsx is not a runtime dependency');
      assert.ok(existsSync(join(app, 'dist', 'main.js')));
      assert.ok(existsSync(join(app, 'sql', 'runtime-role.sql')), 'the runtime role grants ship with it');

      // Standalone: `node dist/main.js` with nothing else, from the deployed folder.
      const api = await startCompiled({ HUB_DATA_DIR: data.path }, { compiledIn: app });
      assert.deepEqual((await call(api.url, 'GET', '/api/health/live')).json, { status: 'ok', problems: [] });
      assert.equal((await call(api.url, 'GET', '/api/health/ready')).status, 200);
      assert.equal((await call(api.url, 'GET', '/api/health')).json.database, 'pglite');
      const communities = await call(api.url, 'GET', '/api/community/base/1');
      assert.equal(communities.status, 200);
      assert.ok(communities.json.length > 0, 'the seeded data is read through the compiled API');
      await api.kill('SIGTERM');
      assert.equal(await api.exited, 0);
    } finally {
      target.remove();
      data.remove();
    }
  });

  it('refuses an unknown role, naming the roles', async () => {
    const { code, output } = await runCompiled(apiDir(), ['serve'], {});
    assert.equal(code, 1);
    assert.match(output, /Unknown role "serve" \(first argument\)/);
    assert.match(output, /migrate: apply the pending migrations and exit/);
  });
});

describe('roles on PostgreSQL', { skip: noPostgres }, () => {
  it('api waits for migrate; two migrate runs at once both succeed and each migration runs once', async () => {
    const databaseUrl = await createPostgresDatabase('hub_roles_migrate');
    const dir = tempDir('hub-roles-api-');
    try {
      const api = await startCompiled({ DATABASE_URL: databaseUrl, HUB_DATA_DIR: dir.path }, { args: ['api'] });
      assert.equal((await call(api.url, 'GET', '/api/health/live')).status, 200, 'alive, though not ready');
      const notReady = await call(api.url, 'GET', '/api/health/ready');
      assert.equal(notReady.status, 503);
      assert.equal(notReady.json.status, 'unavailable');
      assert.match(
        notReady.json.problems.join('\n'),
        /migrations not applied \(run the migrate role\): 0001-initial, /,
      );
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const tables = await client.query("select 1 from information_schema.tables where table_name = 'community'");
        assert.equal(tables.rowCount, 0, 'the api role did not migrate');

        const env = { DATABASE_URL: databaseUrl, HUB_DATA_DIR: dir.path };
        const [a, b] = await Promise.all([
          runCompiled(apiDir(), ['migrate'], env),
          runCompiled(apiDir(), ['migrate'], { HUB_ROLE: 'migrate', ...env }),
        ]);
        assert.equal(a.code, 0, a.output);
        assert.equal(b.code, 0, b.output);
        const appliedBy = (output: string) => /Migrations applied: (.*)/.exec(output)?.[1]?.split(', ') ?? [];
        const both = [...appliedBy(a.output), ...appliedBy(b.output)];
        const recorded = await client.query<{ name: string }>('select name from kysely_migration order by name');
        assert.ok(recorded.rows.length >= 12);
        assert.deepEqual(
          both.toSorted(),
          recorded.rows.map((r) => r.name).toSorted(),
          'each migration ran exactly once',
        );

        const again = await runCompiled(apiDir(), ['migrate'], env);
        assert.equal(again.code, 0);
        assert.match(again.output, /the database is up to date/);
      } finally {
        await client.end();
      }
      const ready = await call(api.url, 'GET', '/api/health/ready');
      assert.equal(ready.status, 200, JSON.stringify(ready.json));
      const countries = await call(api.url, 'GET', '/api/country');
      assert.equal(countries.status, 200, 'the tables the migrate role made are read');
      assert.deepEqual(countries.json, []);
      await api.kill('SIGTERM');
      assert.equal(await api.exited, 0);
    } finally {
      dir.remove();
    }
  });

  it('with HUB_OUTBOX=worker the api role leaves the mails to the worker role, which sends them', async () => {
    const { first, seed, databaseUrl, dir } = await seededDatabase('postgres', 'roles_worker');
    const apiData = tempDir('hub-roles-api-');
    const workerData = tempDir('hub-roles-worker-');
    try {
      const eventId = Object.values(seed.events)[0]!;
      await enqueueFor(first.db, eventId, 3);
      // Both roles are given the same mail settings, as production gives them: the catcher tells who sent.
      const sender = `roles-${process.pid}@hub.test`;
      const fast = {
        HUB_MAIL_POLL_MS: '50',
        DATABASE_URL: databaseUrl!,
        HUB_SMTP_URL: mailCatcher().smtpUrl,
        HUB_MAIL_FROM: sender,
      };
      const api = await startCompiled({ ...fast, HUB_DATA_DIR: apiData.path, HUB_OUTBOX: 'worker' }, { args: ['api'] });
      assert.equal((await call(api.url, 'GET', '/api/health/ready')).status, 200);
      // Many of its polls long: an API process running the outbox would have sent them by now.
      await new Promise((r) => setTimeout(r, 1_000));
      assert.ok(
        (await mailJobRows(first.db, 'event-change', eventId)).every((r) => r.state === 'created'),
        'the api role sent nothing',
      );

      const worker = await startCompiled(
        { ...fast, HUB_DATA_DIR: workerData.path },
        { args: ['worker'], readyText: 'health on' },
      );
      await until('the worker sent every mail', async () =>
        (await mailJobRows(first.db, 'event-change', eventId)).every((r) => r.state === 'completed'),
      );
      const mails = await new MailInbox(mailCatcher().webUrl, sender).mails();
      assert.deepEqual(
        mails.map((m) => m.to).sort(),
        ['outbox1@hub.test', 'outbox2@hub.test', 'outbox3@hub.test'],
        'sent over SMTP by the worker, once each',
      );
      assert.deepEqual((await call(worker.url, 'GET', '/api/health/ready')).json, { status: 'ok', problems: [] });
      assert.equal((await call(worker.url, 'GET', '/api/community/base/1')).status, 404, 'the worker serves no API');
      await worker.kill('SIGTERM');
      assert.equal(await worker.exited, 0);
      await api.kill('SIGTERM');
      assert.equal(await api.exited, 0);
    } finally {
      await first.close();
      dir.remove();
      apiData.remove();
      workerData.remove();
    }
  });
});
