/**
 * The worker role (`node dist/main.js worker`): runs the mail job queue (jobs/: every mail, with the
 * reminder and digest sweeps) apart from the API replicas, which then run with HUB_OUTBOX=worker.
 * Several workers may run: pg-boss fetches each job with `for update skip locked`. It answers only
 * `/api/health/live` and `/api/health/ready` over HTTP, on PORT, and Prometheus's `/metrics` on
 * HUB_METRICS_PORT when set: the queue's backlog and oldest age, the sends and failures, its
 * database pool, and the process's own (the replicas leave the queue's figures to it).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { waitForMigrations } from '../db/migrate.ts';
import { createReadiness } from '../health/readiness.ts';
import { registerProbeRoutes } from '../http/health-routes.ts';
import { drainAndClose } from '../http/graceful-stop.ts';
import { startMailJobs, type MailJobs } from '../jobs/mail-jobs-process.ts';
import { createIdentityProvider } from '../auth/verify-id-token.ts';
import { configuredMailer } from '../server.ts';
import { instrumentDatabasePool } from '../observability/database-pool-metrics.ts';
import { countingMailer } from '../observability/mail-metrics.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createMetrics } from '../observability/metrics.ts';
import { startMetricsServer, type MetricsServer } from '../observability/metrics-server.ts';
import { instrumentMailJobs } from '../observability/outbox-metrics.ts';

export interface RunningWorker {
  url: string;
  database: DatabaseHandle;
  app: FastifyInstance;
  /** The `/metrics` listener; null when HUB_METRICS_PORT is not set. */
  metricsServer: MetricsServer | null;
  /** Resolves once the mail jobs run (the migrations are applied). */
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
    settings: config.postgres,
    migrate: false,
  });
  const app = Fastify({ logger: config.logLevel === 'silent' ? false : { level: config.logLevel } });
  const readiness = createReadiness({ pool: database.pool, db: database.db as Kysely<never> });
  registerProbeRoutes(app, readiness);
  const metrics = createMetrics('hub-worker');
  instrumentDatabasePool(database.pool, metrics);
  instrumentMailJobs(database.db, metrics);
  let mailJobs: MailJobs | undefined;
  let mailer: Mailer | undefined;
  let metricsServer: MetricsServer | null = null;
  try {
    await app.listen({ port: config.port, host: config.host });
    if (config.metricsPort !== undefined)
      metricsServer = await startMetricsServer(metrics.registry, config.metricsPort, config.host);
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }

  const stopWaiting = new AbortController();
  const started = (async () => {
    // The job queue's tables come with the migrations: wait for the migrate role rather than fail.
    await waitForMigrations(database.db, {
      signal: stopWaiting.signal,
      onWait: (pending) => app.log.warn(`worker: waiting for the migrate role (pending: ${pending.join(', ')})`),
    });
    mailer = countingMailer(
      configuredMailer(config, (m) => app.log.info(m)),
      metrics,
    );
    mailJobs = await startMailJobs({
      pool: database.pool,
      db: database.db,
      mailer,
      config,
      log: app.log,
      // Account mails (verification, reset) are jobs too: their links are made at send time.
      identity: createIdentityProvider({
        projectId: config.firebaseProjectId,
        emulatorHost: config.authEmulatorHost,
      }),
    });
    app.log.info('worker: the mail jobs run');
  })();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    database,
    app,
    metricsServer,
    started,
    async stop() {
      stopWaiting.abort();
      readiness.startDraining();
      await started.catch(() => {});
      await mailJobs?.stop();
      mailer?.close?.();
      // No load balancer sends the worker traffic: no delay before closing.
      await drainAndClose({
        app,
        readiness,
        delayMs: 0,
        timeoutMs: config.shutdownTimeoutMs,
        // A last scrape may still read the queue: the listener closes before the database.
        closeDatabase: async () => {
          await metricsServer?.close();
          await database.close();
        },
      });
    },
  };
}
