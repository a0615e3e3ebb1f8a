import type { RushAccount } from './rush-accounts.ts';

/**
 * A bounded load of reads and attends through nginx, recording every answer: readers loop over an
 * event's page data and the lists until the load is stopped; attenders take the accounts one
 * by one, each attending the event once, at a steady pace so the attends span whatever a test does
 * to an API replica meanwhile. Nothing is retried here: what the client sees is what is recorded
 * (a network error is status 0).
 */
export interface Answer {
  kind: 'read' | 'attend';
  path: string;
  status: number;
  /** Who attended (attends only). */
  uid?: string;
  /** The API's message on a refusal, or the network error. */
  message?: string;
  /** When the answer came (Date.now()). */
  at: number;
  ms: number;
}

export interface LoadOptions {
  siteOrigin: string;
  eventId: number;
  locationId: number;
  accounts: RushAccount[];
  /** Concurrent read loops (default 6). */
  readers?: number;
  /** Concurrent attend loops (default 4). */
  attenders?: number;
  /** Pause of each attend loop between two attends (default 40 ms). */
  attendPauseMs?: number;
}

export interface RunningLoad {
  /** Attends answered so far. */
  attendsAnswered(): number;
  /** Waits for the last attend's answer, stops the readers and resolves with every answer. */
  stop(): Promise<Answer[]>;
}

async function timed(kind: Answer['kind'], url: string, init: RequestInit, uid?: string): Promise<Answer> {
  const started = performance.now();
  const path = new URL(url).pathname;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let message: string | undefined;
    if (!response.ok) {
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = text.slice(0, 200);
      }
    }
    return { kind, path, status: response.status, uid, message, at: Date.now(), ms: performance.now() - started };
  } catch (error) {
    return { kind, path, status: 0, uid, message: String(error), at: Date.now(), ms: performance.now() - started };
  }
}

export function startLoad(options: LoadOptions): RunningLoad {
  const { siteOrigin, eventId, locationId } = options;
  const answers: Answer[] = [];
  const queue = [...options.accounts];
  let attendsAnswered = 0;
  let reading = true;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const readPaths = [`/api/events/${eventId}`, '/api/events', '/api/community/base/1'];
  const reader = async (n: number) => {
    for (let i = n; reading; i++) {
      // A query string of its own per read (the API ignores it): nginx's cache of public reads
      // would otherwise answer nearly all of them, and the faults would not be proven on the reads.
      const read = `${readPaths[i % readPaths.length]}?read=${n}-${i}`;
      answers.push(await timed('read', `${siteOrigin}${read}`, {}));
    }
  };
  const attender = async () => {
    for (let account = queue.shift(); account; account = queue.shift()) {
      answers.push(
        await timed(
          'attend',
          `${siteOrigin}/api/events/${eventId}/attendance`,
          {
            method: 'PUT',
            headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ eventLocationId: locationId }),
          },
          account.uid,
        ),
      );
      attendsAnswered += 1;
      await pause(options.attendPauseMs ?? 40);
    }
  };
  const attends = Promise.all(Array.from({ length: options.attenders ?? 4 }, attender));
  const reads = Promise.all(Array.from({ length: options.readers ?? 6 }, (_, n) => reader(n)));
  return {
    attendsAnswered: () => attendsAnswered,
    async stop() {
      await attends;
      reading = false;
      await reads;
      return answers;
    },
  };
}

/** Waits until `count` attends have been answered. */
export async function afterAttends(load: RunningLoad, count: number): Promise<void> {
  while (load.attendsAnswered() < count) await new Promise((r) => setTimeout(r, 10));
}

/** Answers by status, e.g. `{ "200": 80, "409": 40 }`, for a readable failure message. */
export function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}
