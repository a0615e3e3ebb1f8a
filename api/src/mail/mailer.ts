/**
 * Account e-mails. Locally each mail is written as a file under <dataDir>/mail and logged, so a
 * developer (or a test) can follow the link; with HUB_SMTP_URL set it goes out through SMTP.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: (msg: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  let seq = 0;
  return {
    async send(mail) {
      mkdirSync(opts.mailDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(
        opts.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++seq}-${safeTo}.eml`,
      );
      writeFileSync(file, `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      opts.log(`mail to ${mail.to} written to ${file}`);
    },
  };
}
