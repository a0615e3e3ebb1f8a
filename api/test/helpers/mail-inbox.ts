/**
 * The mails the API sent, read back from the mail catcher's REST API (maildev, started by
 * devstack/src/mail-catcher.ts): the one reader of the API tests, the end-to-end tests and the
 * production topology. Each mail is the raw message as the catcher received it over SMTP, parsed
 * with mailparser; the calendar part (`text/calendar`, the `.ics`) is picked out for ical.js.
 */
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CaughtMail {
  /** The catcher's id (its web inbox shows the mail at `<webUrl>/#/email/<id>`). */
  id: string;
  /** The first recipient's address. */
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The iCalendar file the mail carries (its `.ics` attachment), if any. */
  calendar?: { filename: string; text: string };
  parsed: ParsedMail;
}

export interface MailQuery {
  /** The recipient's address (exact, case-insensitive). */
  to?: string;
  /** The whole subject, or a pattern it matches. */
  subject?: string | RegExp;
}

/** The summary maildev's `GET /api/email` lists (only what is read here). */
interface CatcherListing {
  id: string;
  to?: Array<{ address: string }>;
  from?: Array<{ address: string }>;
  subject?: string;
}

export class MailInbox {
  /** Parsed messages by catcher id: a mail never changes once caught. */
  private readonly parsedById = new Map<string, Promise<CaughtMail>>();

  /**
   * @param webUrl the catcher's web address.
   * @param sender only mails from this address (one test API's HUB_MAIL_FROM), when several APIs
   *   share one catcher.
   */
  constructor(
    readonly webUrl: string,
    readonly sender?: string,
  ) {}

  /** The mails that match, in the order the catcher received them. */
  async mails(query: MailQuery = {}): Promise<CaughtMail[]> {
    const response = await fetch(new URL('/api/email', this.webUrl));
    if (!response.ok) throw new Error(`The mail catcher at ${this.webUrl} answered ${response.status}`);
    const listed = ((await response.json()) as CatcherListing[]).filter(
      (mail) =>
        (!this.sender || sameAddress(mail.from?.[0]?.address, this.sender)) &&
        (!query.to || (mail.to ?? []).some((r) => sameAddress(r.address, query.to!))),
    );
    const mails = await Promise.all(listed.map((mail) => this.parse(mail.id)));
    return mails.filter((mail) => subjectMatches(mail.subject, query.subject));
  }

  /** Waits until `count` mails match (the API sends from its outbox after it answered), and returns them all. */
  async waitFor(query: MailQuery & { count?: number; timeoutMs?: number }): Promise<CaughtMail[]> {
    const count = query.count ?? 1;
    const until = Date.now() + (query.timeoutMs ?? 15_000);
    for (;;) {
      const mails = await this.mails(query);
      if (mails.length >= count) return mails;
      if (Date.now() > until)
        throw new Error(
          `Expected ${count} mail(s) ${describe(query)} at ${this.webUrl}, found ${mails.length}` +
            (mails.length ? `: ${mails.map((m) => m.subject).join('; ')}` : ''),
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private parse(id: string): Promise<CaughtMail> {
    let parsed = this.parsedById.get(id);
    if (!parsed) {
      parsed = (async () => {
        const response = await fetch(new URL(`/api/email/${encodeURIComponent(id)}/source`, this.webUrl));
        if (!response.ok) throw new Error(`The mail catcher has no source for mail ${id} (${response.status})`);
        return caughtMail(id, await simpleParser(Buffer.from(await response.arrayBuffer())));
      })();
      this.parsedById.set(id, parsed);
    }
    return parsed;
  }
}

function caughtMail(id: string, parsed: ParsedMail): CaughtMail {
  const addressOf = (field: ParsedMail['to'] | ParsedMail['from']) =>
    (Array.isArray(field) ? field[0] : field)?.value[0]?.address ?? '';
  const ics = parsed.attachments.find((a) => a.filename?.endsWith('.ics'));
  return {
    id,
    to: addressOf(parsed.to),
    from: addressOf(parsed.from),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    ...(ics ? { calendar: { filename: ics.filename!, text: ics.content.toString('utf8') } } : {}),
    parsed,
  };
}

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

function subjectMatches(subject: string, wanted: MailQuery['subject']): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === 'string' ? subject === wanted : wanted.test(subject);
}

const describe = (query: MailQuery) =>
  [query.to && `to ${query.to}`, query.subject && `with subject ${String(query.subject)}`].filter(Boolean).join(' ');
