/**
 * Both transports of the mailer: over SMTP into the run's mail catcher (what `npm start`, the tests
 * and production do), read back through the catcher's API; and the folder fallback (the API run
 * alone, or `npm start` without a catcher), whose files a developer opens.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { MailInbox } from '../../test/helpers/mail-inbox.ts';
import { mailCatcher, tempDir } from '../../test/helpers/test-env.ts';
import { createMailer, type OutgoingMail } from './mailer.ts';

const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
const mail = (to: string): OutgoingMail => ({
  to,
  subject: 'Changed time: Mailer check',
  text: 'When: tomorrow\nhttps://hub.example.org/events/1',
  calendar: { method: 'REQUEST', filename: 'event-1.ics', content: calendar },
});

describe('the mailer', () => {
  const dir = tempDir('hub-mailer-');
  after(() => dir.remove());

  it('sends over SMTP: the catcher receives the text and the calendar part', async () => {
    const sender = `mailer-${process.pid}@hub.test`;
    const mailer = createMailer({
      smtpUrl: mailCatcher().smtpUrl,
      from: `Community Hub <${sender}>`,
      mailDir: dir.path,
      log: () => {},
    });
    await mailer.send(mail('ann@hub.test'));
    const [caught] = await new MailInbox(mailCatcher().webUrl, sender).waitFor({ to: 'ann@hub.test' });
    assert.equal(caught!.subject, 'Changed time: Mailer check');
    assert.equal(caught!.text.trim(), 'When: tomorrow\nhttps://hub.example.org/events/1');
    assert.deepEqual(caught!.calendar, { filename: 'event-1.ics', text: calendar });
    assert.deepEqual(await readdir(dir.path), [], 'nothing written to the folder');
    // The pooled connection stays open for the next mail until the mailer is closed.
    mailer.close?.();
  });

  it('without an SMTP URL writes each mail to the folder: plain text as is, a calendar as MIME', async () => {
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Community Hub <no-reply@hub.test>',
      mailDir: join(dir.path, 'mail'),
      log: (line) => logged.push(line),
    });
    await mailer.send({ to: 'bob@hub.test', subject: 'Verify', text: 'https://hub.example.org/account/action' });
    await mailer.send(mail('bob@hub.test'));
    const files = (await readdir(join(dir.path, 'mail'))).sort();
    assert.equal(files.length, 2);
    assert.ok(files.every((f) => f.endsWith('-bob@hub.test.eml')));
    const plain = await readFile(join(dir.path, 'mail', files[0]!), 'utf8');
    assert.match(plain, /^Subject: Verify$/m);
    assert.match(plain, /^https:\/\/hub\.example\.org\/account\/action$/m);
    const parsed = await simpleParser(await readFile(join(dir.path, 'mail', files[1]!)));
    assert.equal(parsed.attachments.find((a) => a.filename === 'event-1.ics')?.content.toString(), calendar);
    assert.equal(logged.length, 2);
  });
});
