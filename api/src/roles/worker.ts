/**
 * The worker role (`node dist/main.js worker`): runs the event mails' outbox (and is where future
 * scheduled jobs go) apart from the API replicas, which then run with HUB_OUTBOX=worker. Several
 * workers may run: the outbox claims rows with leases (mail/event-mail-outbox.ts). It answers only
 * `/api/health/live` and `/api/health/ready` over HTTP, on PORT.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { waitForMigrations } from '../db/migrate.ts';
import { createReadiness } from '../health/readiness.ts';
import { registerProbeRoutes } from '../http/health-routes.ts';
import { drainAndClose } from '../http/graceful-stop.ts';
import { createMailOutbox, type MailOutbox } from '../mail/event-mail-outbox.ts';
import { configuredMailer } from '../server.ts';

export interface RunningWorker {
  url: string;
  database: DatabaseHandle;
  app: FastifyInstance;
  /** Resolves once the outbox runs (the migrations are applied). */
  started: Promise<void>;
  /** SIGTERM: not ready, the mails in hand finished and marked, then the health server and database closed. */
  stop(): Promise<void>;
}

export async function startWorker(config: ApiConfig): Promise<RunningWorker> {
  if (!config.databaseUrl)
    throw new Error(
      'The worker role needs PostgreSQL (DATABASE_URL): a PGlite folder belongs to one process, so there the standalone process sends the mails.',
    );
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    settings: config.database,
    migrate: false,
  });
  const app = Fastify({ logger: config.logLevel === 'silent' ? false : { level: config.logLevel } });
  const readiness = createReadiness({ pool: database.pool, db: database.db as Kysely<never> });
  registerProbeRoutes(app, readiness);
  let outbox: MailOutbox | undefined;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }

  const stopWaiting = new AbortController();
  const started = (async () => {
    // The outbox's tables come with the migrations: wait for the migrate role rather than fail.
    await waitForMigrations(database.db, {
      signal: stopWaiting.signal,
      onWait: (pending) => app.log.warn(`worker: waiting for the migrate role (pending: ${pending.join(', ')})`),
    });
    outbox = createMailOutbox({
      db: database.db,
      mailer: configuredMailer(config, (m) => app.log.info(m)),
      config,
      log: app.log,
    });
    outbox.start();
    app.log.info('worker: the mail outbox runs');
  })();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    database,
    app,
    started,
    async stop() {
      stopWaiting.abort();
      readiness.startDraining();
      await started.catch(() => {});
      await outbox?.stop();
      // No load balancer sends the worker traffic: no delay before closing.
      await drainAndClose({
        app,
        readiness,
        delayMs: 0,
        timeoutMs: config.shutdownTimeoutMs,
        closeDatabase: () => database.close(),
      });
    },
  };
}
