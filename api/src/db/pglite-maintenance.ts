/**
 * PGlite has no autovacuum daemon, so without this nothing would ever vacuum its tables: rows that
 * updates and deletes leave behind would pile up, and the visibility map would stay empty, so an
 * index-only scan would visit the table for every entry anyway (the users list's name-ordered pages
 * read 5,000 table rows for page 250). The API vacuums and analyses the database on a timer instead,
 * as autovacuum would: on PGlite a run holds the one session for a moment (0.3–0.8 s with the
 * benchmark's 10,000 users and 50,000 audit rows on this machine), so it runs hourly by default
 * (HUB_PGLITE_VACUUM_MS), not at start. PostgreSQL runs its own autovacuum; nothing is done there.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface PgliteMaintenance {
  start(): void;
  /** Stops the timer, and resolves when a run in progress has finished (before the database closes). */
  stop(): Promise<void>;
  /** One run now (tests). */
  run(): Promise<void>;
}

export function createPgliteMaintenance(pool: pg.Pool, everyMs: number, log: FastifyBaseLogger): PgliteMaintenance {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = current.then(async () => {
      const started = Date.now();
      try {
        await pool.query('vacuum (analyze)');
        log.info({ ms: Date.now() - started }, 'pglite: vacuumed and analysed');
      } catch (error) {
        log.error({ err: error }, 'pglite: vacuum failed');
      }
    });
    return current;
  };
  return {
    start() {
      clearInterval(timer);
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await current;
    },
    run,
  };
}
