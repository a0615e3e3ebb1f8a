/**
 * The mail catcher as `npm start` uses it: a mail sent over SMTP shows in its REST API and its web
 * inbox answers a browser; when its port is taken, the local site falls back to the API's folder and
 * says so in the banner.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:net';
import { describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { mailForLocalSite, startMailCatcher } from './mail-catcher.ts';

const listening = (): Promise<{ server: Server; port: number }> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });

describe('the mail catcher', () => {
  it('keeps what it is sent over SMTP, lists it in its API and shows its inbox to a browser', async () => {
    const catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
    try {
      await nodemailer.createTransport(catcher.smtpUrl).sendMail({
        from: 'Community Hub <no-reply@hub.test>',
        to: 'ann@hub.test',
        subject: 'Caught',
        text: 'Hello',
      });
      const listed = (await (await fetch(`${catcher.webUrl}/api/email`)).json()) as Array<{
        subject: string;
        to: Array<{ address: string }>;
      }>;
      assert.deepEqual(
        listed.map((m) => [m.subject, m.to[0]?.address]),
        [['Caught', 'ann@hub.test']],
      );
      const inbox = await fetch(catcher.webUrl, { headers: { accept: 'text/html' } });
      assert.equal(inbox.status, 200);
      assert.match(await inbox.text(), /<title>MailDev<\/title>/i);
    } finally {
      await catcher.stop();
    }
  });

  it("links the catcher's inbox from the banner when it starts, and falls back to the folder when it cannot", async () => {
    const mailDirectory = await mkdtemp(path.join(tmpdir(), 'hub-mail-catcher-test-'));
    const started = await mailForLocalSite({ ports: { smtp: 0, web: 0 }, mailDirectory, fallbackFolder: '/data/mail' });
    try {
      assert.match(started.smtpUrl ?? '', /^smtp:\/\/127\.0\.0\.1:\d+$/);
      assert.match(started.banner, /^Mails the site sends: http:\/\/localhost:\d+ \(the mail catcher's inbox\)$/);
      assert.equal(started.problem, undefined);
    } finally {
      await started.stop?.();
    }

    // The inbox's port is taken: no SMTP URL (the API writes to its folder), and the banner says so.
    const web = await listening();
    const taken = await mailForLocalSite({
      ports: { smtp: 0, web: web.port },
      mailDirectory,
      fallbackFolder: '/data/mail',
    });
    await new Promise((resolve) => web.server.close(resolve));
    await rm(mailDirectory, { recursive: true, force: true });
    assert.equal(taken.smtpUrl, undefined);
    assert.equal(taken.banner, 'Mails the site sends: written to /data/mail (the mail catcher did not start)');
    assert.match(taken.problem ?? '', new RegExp(`did not start on ports 0 \\(SMTP\\) and ${web.port} \\(inbox\\)`));
  });
});
