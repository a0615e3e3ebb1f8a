/**
 * The API's e-mails (account links, event changes) go out through SMTP at HUB_SMTP_URL: the
 * company's server in production, the mail catcher (maildev, devstack/src/mail-catcher.ts) in
 * `npm start`, the API tests and the production topology. Without an SMTP URL (the API run alone,
 * or `npm start` when the catcher could not start) each mail is written as a file under
 * <dataDir>/mail and logged, so a developer can still follow a link; production refuses that.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

/** An iCalendar part: sent as a `text/calendar; method=…` alternative and as an `.ics` attachment. */
export interface MailCalendar {
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  filename: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative (templates/: the same template as the text). */
  html?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on non-transactional mails. */
  headers?: Record<string, string>;
  calendar?: MailCalendar;
}

/** nodemailer's message fields; a calendar becomes its `icalEvent` (alternative plus attachment). */
function messageOf(from: string, mail: OutgoingMail) {
  const { calendar, ...rest } = mail;
  return { from, ...rest, ...(calendar ? { icalEvent: calendar } : {}) };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the SMTP connections kept open between sends (after the last send: the process stops). */
  close?(): void;
}

/**
 * SMTP connections one process keeps open and sends over side by side: a connection per mail (the
 * TCP and TLS handshakes, EHLO and AUTH before every message) held the sends to a third of the
 * configured rate in the bench (issue 26). Exchange Online allows 3 at once per mailbox.
 */
export const SMTP_CONNECTIONS = 3;

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: (msg: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS });
    return {
      async send(mail) {
        await transport.sendMail(messageOf(opts.from, mail));
      },
      close: () => transport.close(),
    };
  }
  let seq = 0;
  return {
    async send(mail) {
      await mkdir(opts.mailDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(
        opts.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++seq}-${safeTo}.eml`,
      );
      const content =
        mail.calendar || mail.html || mail.headers
          ? // Several parts or headers: the same composer SMTP uses writes the whole message.
            await new MailComposer(messageOf(opts.from, mail)).compile().build()
          : // Plain text as it is, so a link in it can be copied from the file as written.
            `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      // Written aside and renamed, so whoever watches the folder never reads half a mail.
      await writeFile(`${file}.part`, content);
      await rename(`${file}.part`, file);
      opts.log(`mail to ${mail.to} written to ${file}`);
    },
  };
}
