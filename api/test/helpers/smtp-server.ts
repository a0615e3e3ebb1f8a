/**
 * A real SMTP server on a free local port (nodemailer's smtp-server) for the mail tests: it parses
 * what it receives (mailparser), and can refuse the first tries of each recipient with a temporary
 * 451, as a mail server that is busy or rate-limiting does.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** Tries refused so far, per recipient. */
  refusals: Map<string, number>;
  close(): Promise<void>;
}

export async function startSmtpServer(opts: { refuseFirst?: (to: string) => number } = {}): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refused = refusals.get(to) ?? 0;
      if (refused < (opts.refuseFirst?.(to) ?? 0)) {
        refusals.set(to, refused + 1);
        const error = Object.assign(new Error(`Mailbox <${to}> is busy, try again later`), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
