/**
 * The account mails through the mail outbox (mail/account-mail.ts): the routes write a row and the
 * worker sends it to a real SMTP server (smtp-server) with the site's link made at send time; a reset
 * for an address without an account is closed unsent; an SMTP server that refuses is tried again,
 * each refusal a warning naming the mail's id and kind but never the address, and a mail given up
 * is an error. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { createIdentityProvider } from '../src/auth/verify-id-token.ts';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { enqueueAccountMail } from '../src/mail/account-mail.ts';
import { createMailOutbox } from '../src/mail/event-mail-outbox.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { fastOutbox, until } from './helpers/mail-outbox.ts';
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

/** The account-mail rows of the outbox, oldest first. */
const accountRows = (api: { database: DatabaseHandle }) =>
  api.database.db
    .selectFrom('eventMailOutbox')
    .selectAll()
    .where('kind', 'in', ['verification', 'password-reset'])
    .orderBy('id')
    .execute();

/** A logger that keeps what the worker logs, by level. */
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
    `account mails through the outbox (${kind})`,
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

        it('sends the password-reset link of an account; closes the one of an unknown address unsent', async () => {
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
          await until('both rows are settled', async () =>
            (await accountRows(api)).every((r) => r.sentAt || r.failedAt),
          );
          const mail = smtp.received.find((m) => m.to && JSON.stringify(m.to).includes(known));
          assert.ok(mail, 'the reset mail reached the SMTP server');
          assert.equal(mail.subject, 'Reset your password');
          assert.match(
            mail.text ?? '',
            new RegExp(`${api.config.siteUrl}/account/action\\?mode=resetPassword&oobCode=[\\w-]+`),
          );
          assert.ok(!smtp.received.some((m) => JSON.stringify(m.to).includes(unknown)), 'nothing for the unknown');
          const rows = await accountRows(api);
          const knownRow = rows.find((r) => r.email === known)!;
          assert.deepEqual([knownRow.kind, !!knownRow.sentAt, knownRow.eventId], ['password-reset', true, null]);
          const unknownRow = rows.find((r) => r.email === unknown)!;
          assert.deepEqual(
            [unknownRow.sentAt, !!unknownRow.failedAt, unknownRow.lastError],
            [null, true, 'not sent: no account has this address'],
          );
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
          const row = (await accountRows(api)).find((r) => r.email === email)!;
          assert.equal(row.kind, 'verification');
        });
      });

      it('tries a refusing SMTP server again with warnings, and gives up with an error, never logging the address', async () => {
        // The first address is refused twice, then accepted; the second always.
        const smtp = await startSmtpServer({ refuseFirst: (to) => (to.startsWith('later-') ? 2 : 99) });
        const dir = pgliteDataDir('hub-account-mail-');
        const databaseUrl = kind === 'postgres' ? await createPostgresDatabase('hub_account_mail') : undefined;
        const database = await connectDatabase({ databaseUrl, dataDir: dir.path });
        const config = testConfig({ mailOutbox: { ...fastOutbox, maxAttempts: 3 } });
        const { log, lines } = recordingLog();
        const worker = createMailOutbox({
          db: database.db,
          mailer: createMailer({ smtpUrl: smtp.url, from: config.mailFrom, mailDir: dir.path, log: () => {} }),
          config,
          log,
          identity: createIdentityProvider({
            projectId: config.firebaseProjectId,
            emulatorHost: config.authEmulatorHost,
          }),
        });
        try {
          const later = uniqueEmail('later');
          const never = uniqueEmail('never');
          for (const email of [later, never]) {
            await signUp(email);
            await enqueueAccountMail(database.db, 'password-reset', email);
          }
          worker.start();
          await until('both mails are settled', async () =>
            (await accountRows({ database })).every((r) => r.sentAt || r.failedAt),
          );
          const [sent, givenUp] = await accountRows({ database });
          assert.deepEqual([sent!.attempts, !!sent!.sentAt], [3, true]);
          assert.deepEqual([givenUp!.attempts, givenUp!.sentAt, !!givenUp!.failedAt], [3, null, true]);
          assert.equal(smtp.received.length, 1);

          const warnings = lines.filter((l) => l.level === 'warn');
          const errors = lines.filter((l) => l.level === 'error');
          assert.equal(warnings.length, 4, JSON.stringify(lines));
          assert.deepEqual(
            warnings
              .map((w) => [w.fields['outboxId'], w.fields['kind'], w.message])
              .sort((a, b) => Number(a[0]) - Number(b[0])),
            [sent!.id, sent!.id, givenUp!.id, givenUp!.id].map((id) => [
              id,
              'password-reset',
              'password reset mail failed; it will be tried again',
            ]),
          );
          assert.equal(errors.length, 1);
          assert.deepEqual(
            [errors[0]!.fields['outboxId'], errors[0]!.fields['kind'], errors[0]!.message],
            [givenUp!.id, 'password-reset', 'password reset mail given up after 3 attempts'],
          );
          assert.match(String(errors[0]!.fields['error']), /451.*n\*\*\*@test\.hub/);
          assert.equal(errors[0]!.fields['recipient'], 'n***@test.hub');
          const logged = JSON.stringify(lines);
          for (const email of [later, never]) assert.ok(!logged.includes(email), `the logs name ${email}`);
        } finally {
          await worker.stop();
          await database.close();
          await smtp.close();
          dir.remove();
        }
      });
    },
  );
}
