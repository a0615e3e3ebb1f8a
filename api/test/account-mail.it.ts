/**
 * The account mails through the mail job queue (mail/account-mail.ts): the routes queue a job and
 * the runner sends it to a real SMTP server (smtp-server) with the site's link made at send time; a
 * reset for an address without an account ends unsent; an SMTP server that refuses is tried again,
 * each refusal a warning naming the job's id and kind but never the address, and a mail given up is
 * an error. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { createIdentityProvider } from '../src/auth/verify-id-token.ts';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { createJobRunner } from '../src/jobs/job-runner.ts';
import { mailJobMakers } from '../src/jobs/mail-job-makers.ts';
import { enqueueAccountMail } from '../src/mail/account-mail.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { fastOutbox, mailJobRows, until } from './helpers/mail-outbox.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.ts';
import {
  call,
  createPostgresDatabase,
  pgliteDataDir,
  postgresAdminUrl,
  signUp,
  startTestApi,
  testConfig,
  uniqueEmail,
  type TestApi,
} from './helpers/test-env.ts';

/** The account-mail jobs, oldest first. */
const accountJobs = (api: { database: DatabaseHandle }) => mailJobRows(api.database.db, 'account');

/** A logger that keeps what the runner logs, by level. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `account mails through the job queue (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      describe('through the API, to an SMTP server', () => {
        let smtp: TestSmtpServer;
        let api: TestApi;
        before(async () => {
          smtp = await startSmtpServer();
          api = await startTestApi({ kind, seed: false, config: { smtpUrl: smtp.url, mailOutbox: fastOutbox } });
        });
        after(async () => {
          await api?.close();
          await smtp?.close();
        });

        it('sends the password-reset link of an account; nothing to an unknown address', async () => {
          const known = uniqueEmail('reset');
          await signUp(known);
          const unknown = uniqueEmail('nobody');
          const answers = await Promise.all(
            [known, unknown].map((email) => call(api.url, 'POST', '/api/user/reset-password', { body: { email } })),
          );
          assert.deepEqual(
            answers.map((a) => a.status),
            [200, 200],
          );
          assert.equal(answers[0]!.text, answers[1]!.text);
          await until('both jobs are done', async () =>
            (await accountJobs(api))
              .filter((j) => [known, unknown].includes(j.payload.email))
              .every((j) => j.state === 'completed'),
          );
          const mail = smtp.received.find((m) => m.to && JSON.stringify(m.to).includes(known));
          assert.ok(mail, 'the reset mail reached the SMTP server');
          assert.equal(mail.subject, 'Reset your password');
          assert.match(
            mail.text ?? '',
            new RegExp(`${api.config.siteUrl}/account/action\\?mode=resetPassword&oobCode=[\\w-]+`),
          );
          assert.ok(!smtp.received.some((m) => JSON.stringify(m.to).includes(unknown)), 'nothing for the unknown');
          const jobs = await accountJobs(api);
          assert.deepEqual(jobs.find((j) => j.payload.email === known)?.payload.kind, 'password-reset');
        });

        it('sends the verification link of an unverified account', async () => {
          const email = uniqueEmail('verify');
          const { token } = await signUp(email, { verified: false });
          const answer = await call(api.url, 'POST', '/api/user/activate-account', { token });
          assert.equal(answer.status, 200, answer.text);
          await until('the verification mail arrives', () =>
            smtp.received.some((m) => JSON.stringify(m.to).includes(email)),
          );
          const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(email))!;
          assert.equal(mail.subject, 'Confirm your e-mail address');
          assert.match(mail.text ?? '', new RegExp(`${api.config.siteUrl}/account/action\\?mode=verifyEmail&oobCode=`));
          const job = (await accountJobs(api)).find((j) => j.payload.email === email)!;
          assert.equal(job.payload.kind, 'verification');
        });
      });

      it('tries a refusing SMTP server again with a warning, and gives up with an error, never logging the address', async () => {
        // The first address is refused once, then accepted; the second always.
        const smtp = await startSmtpServer({ refuseFirst: (to) => (to.startsWith('later-') ? 1 : 99) });
        const dir = pgliteDataDir('hub-account-mail-');
        const databaseUrl = kind === 'postgres' ? await createPostgresDatabase('hub_account_mail') : undefined;
        const database = await connectDatabase({ databaseUrl, dataDir: dir.path });
        // Two tries, a second apart (pg-boss counts its retry delay in whole seconds).
        const config = testConfig({ mailOutbox: { ...fastOutbox, maxAttempts: 2, retryBaseMs: 1_000 } });
        const { log, lines } = recordingLog();
        const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, mailDir: dir.path, log: () => {} });
        const runner = createJobRunner({
          pool: database.pool,
          db: database.db,
          mailer,
          makers: mailJobMakers,
          config,
          log,
          identity: createIdentityProvider({
            projectId: config.firebaseProjectId,
            emulatorHost: config.authEmulatorHost,
          }),
        });
        try {
          // The runner first: jobs take the retry settings the queue has when they are queued.
          await runner.start();
          const later = uniqueEmail('later');
          const never = uniqueEmail('never');
          for (const email of [later, never]) {
            await signUp(email);
            await enqueueAccountMail(database.db, 'password-reset', email);
          }
          runner.wake();
          await until('both jobs are settled', async () =>
            (await accountJobs({ database })).every((j) => j.state === 'completed' || j.state === 'failed'),
          );
          const jobs = await accountJobs({ database });
          assert.deepEqual(
            jobs.map((j) => [j.payload.email, j.state, j.retryCount]),
            [
              [later, 'completed', 1],
              [never, 'failed', 1],
            ],
          );
          assert.equal(smtp.received.length, 1);

          const warnings = lines.filter((l) => l.level === 'warn');
          const errors = lines.filter((l) => l.level === 'error');
          assert.equal(warnings.length, 2, JSON.stringify(lines));
          assert.ok(
            warnings.every(
              (w) => w.fields['kind'] === 'account' && w.message === 'account mail failed; pg-boss retries it',
            ),
          );
          assert.equal(errors.length, 1, JSON.stringify(lines));
          assert.deepEqual(
            [errors[0]!.fields['kind'], errors[0]!.fields['attempts'], errors[0]!.message],
            ['account', 2, 'account mail given up after 2 attempts'],
          );
          assert.match(String(errors[0]!.fields['error']), /451.*n\*\*\*@test\.hub/);
          const logged = JSON.stringify(lines);
          for (const email of [later, never]) assert.ok(!logged.includes(email), `the logs name ${email}`);
        } finally {
          await runner.stop();
          // Its pooled SMTP connections end first: the server's close waits for them.
          mailer.close?.();
          await database.close();
          await smtp.close();
          dir.remove();
        }
      });
    },
  );
}
