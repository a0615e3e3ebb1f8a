/**
 * The local mail catcher: maildev (npm), an SMTP server that keeps every mail it is sent and shows
 * them in a web inbox, with a REST API the tests read them through (api/test/helpers/mail-inbox.ts).
 * `npm start`, the API tests and the production topology each start one and point the API's
 * HUB_SMTP_URL at it, so mail leaves the API over SMTP exactly as it does in production.
 * docs/decisions.md, "Mail catcher (issue 26)", says why maildev.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MailDev } from 'maildev';

export interface RunningMailCatcher {
  /** What the API's HUB_SMTP_URL is set to. */
  smtpUrl: string;
  /** The web inbox (a person's browser) and its REST API (`/api/email`). */
  webUrl: string;
  stop(): Promise<void>;
}

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** `npm start`'s catcher ports (maildev's own defaults); the tests take free ports instead. */
export const mailCatcherPorts = () => ({
  smtp: num('HUB_MAIL_CATCHER_PORT', 1025),
  web: num('HUB_MAIL_CATCHER_UI_PORT', 1080),
});

/** Rejects with the listen error when `port` cannot be bound on loopback (0, any free port, always can). */
function portFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function startMailCatcher(opts: {
  /** 0: any free port. */
  smtpPort: number;
  webPort: number;
  /**
   * Where the mails are kept, so they outlive a restart (`npm start`). Unset: a temporary folder of
   * this catcher's own, removed when it stops (maildev's default is one folder shared by all).
   */
  mailDirectory?: string;
}): Promise<RunningMailCatcher> {
  // Both ports first: maildev opens SMTP before its web port, and a start that fails on the second
  // leaves the first listening (its stop() does nothing unless the start finished).
  await portFree(opts.smtpPort);
  await portFree(opts.webPort);
  const temporary = opts.mailDirectory ? undefined : await mkdtemp(path.join(tmpdir(), 'hub-mail-catcher-'));
  const removeTemporary = () => (temporary ? rm(temporary, { recursive: true, force: true }) : Promise.resolve());
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    web: opts.webPort,
    // Loopback only: the inbox shows every mail (account links included) to whoever reaches it.
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    mailDirectory: opts.mailDirectory ?? temporary,
  });
  const servers = await maildev.start().catch(async (error: unknown) => {
    await removeTemporary();
    throw error;
  });
  const smtp = servers.smtp.getAddress();
  const web = servers.api?.getAddress();
  if (!web) {
    await maildev.stop();
    await removeTemporary();
    throw new Error('maildev started without its web inbox');
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    webUrl: `http://127.0.0.1:${web.port}`,
    async stop() {
      await maildev.stop();
      await removeTemporary();
    },
  };
}

export interface LocalSiteMail {
  /** The API's HUB_SMTP_URL; unset: the API writes its mails to the fallback folder. */
  smtpUrl?: string;
  /** The start-up banner's line: where a person reads the mails the site sends. */
  banner: string;
  /** Why the catcher did not start, for the console. */
  problem?: string;
  stop?: () => Promise<void>;
}

/**
 * `npm start`'s mail: the catcher on its fixed ports (the banner links its inbox), or, when it
 * cannot start (a port taken), the API's folder, said clearly. An HUB_SMTP_URL of the developer's
 * own wins over both.
 */
export async function mailForLocalSite(opts: {
  ports: { smtp: number; web: number };
  mailDirectory: string;
  fallbackFolder: string;
}): Promise<LocalSiteMail> {
  const own = process.env.HUB_SMTP_URL;
  if (own) return { smtpUrl: own, banner: `Mails the site sends: to ${new URL(own).host} (HUB_SMTP_URL)` };
  try {
    const catcher = await startMailCatcher({
      smtpPort: opts.ports.smtp,
      webPort: opts.ports.web,
      mailDirectory: opts.mailDirectory,
    });
    return {
      smtpUrl: catcher.smtpUrl,
      banner: `Mails the site sends: ${catcher.webUrl.replace('127.0.0.1', 'localhost')} (the mail catcher's inbox)`,
      stop: () => catcher.stop(),
    };
  } catch (error) {
    return {
      banner: `Mails the site sends: written to ${opts.fallbackFolder} (the mail catcher did not start)`,
      problem:
        `The mail catcher did not start on ports ${opts.ports.smtp} (SMTP) and ${opts.ports.web} (inbox): ` +
        `${(error as Error).message}. The API writes its mails to ${opts.fallbackFolder} instead ` +
        '(free the ports, or set HUB_MAIL_CATCHER_PORT and HUB_MAIL_CATCHER_UI_PORT).',
    };
  }
}
