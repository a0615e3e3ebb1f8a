/**
 * Builds the Fastify server (buildServer) and runs it with its database (startApi). The dev
 * orchestrator may call startApi in-process or spawn `pnpm --filter @hub/api start`.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { join } from 'node:path';
import { loadConfig, validateConfig, type ApiConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { createIdentityProvider, type IdentityProvider } from './auth/verify-id-token.ts';
import { createGraphClient, type GraphClient } from './graph/graph-client.ts';
import { createWorkIdTokenVerifier } from './auth/work-account.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startMailJobs, type MailJobs } from './jobs/mail-jobs-process.ts';
import { createPgliteMaintenance } from './db/pglite-maintenance.ts';
import type { App } from './http/app-type.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerPublicCache } from './http/public-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createReadCache, registerReadCacheInvalidation } from './http/read-cache.ts';
import { createValidatorCompiler } from './http/validators.ts';
import { connectRedis } from './http/redis.ts';
import { API_VERSION, registerProbeRoutes, registerStatusRoute } from './http/health-routes.ts';
import { drainAndClose } from './http/graceful-stop.ts';
import { createReadiness, type Readiness } from './health/readiness.ts';
import { migrateDatabase } from './roles/migrate.ts';
import { waitForMigrations } from './db/migrate.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { communityRoutes } from './routes/community.ts';
import { homeRoutes } from './routes/home.ts';
import { communityMembershipRoutes } from './routes/community-membership.ts';
import { communityInvitationRoutes } from './routes/community-invitations.ts';
import { coreMemberRoutes } from './routes/core-members.ts';
import { userRoutes } from './routes/user.ts';
import { userSyncRoutes } from './routes/user-sync.ts';
import { accountMailRoutes } from './routes/account-mail.ts';
import { eventRoutes } from './routes/events.ts';
import { eventAttendanceRoutes } from './routes/event-attendance.ts';
import { whosGoingRoutes } from './routes/whos-going.ts';
import { eventIcsRoutes } from './routes/event-ics.ts';
import { calendarFeedRoutes } from './routes/calendar-feeds.ts';
import { userEventRoutes } from './routes/user-events.ts';
import { myDataRoutes } from './routes/my-data.ts';
import { attendeeExportRecordRoutes } from './routes/attendee-export-record.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminInsightRoutes } from './routes/admin-insights.ts';
import { manageRoutes } from './routes/manage.ts';
import { organiserMessageRoutes } from './routes/organiser-messages.ts';
import { benchBareRoutes } from './routes/bench-bare.ts';
import { demoImageRoutes } from './routes/demo-images.ts';
import { imageRoutes } from './routes/images.ts';
import { loggingOptions, type LogStream } from './observability/access-log.ts';
import { clientErrorRoutes } from './observability/client-error-routes.ts';
import { mailPreferenceRoutes } from './routes/mail-preferences.ts';
import { mailUnsubscribeRoutes } from './routes/mail-unsubscribe.ts';
import { instrumentDatabasePool } from './observability/database-pool-metrics.ts';
import { countingMailer } from './observability/mail-metrics.ts';
import { createMetrics } from './observability/metrics.ts';
import { instrumentMailJobs } from './observability/outbox-metrics.ts';
import { registerObservability } from './observability/register-observability.ts';

export { API_VERSION };

export interface ServerDeps {
  database: DatabaseHandle;
  identity?: IdentityProvider;
  graph?: GraphClient;
  mailer?: Mailer;
  /** Where the log lines go (default stdout): a test reads the access lines from it. */
  logStream?: LogStream;
}

/** The outbound mail transport the configuration names (SMTP, or files under the data folder). */
export function configuredMailer(config: ApiConfig, log: (message: string) => void): Mailer {
  return createMailer({
    smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : undefined,
    from: config.mailFrom,
    mailDir: join(config.dataDir, 'mail'),
    log,
  });
}

export async function buildServer(
  config: ApiConfig,
  deps: ServerDeps,
): Promise<{ app: App; ctx: AppContext; readiness: Readiness }> {
  validateConfig(config);
  const app = Fastify({
    ...loggingOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: 200 },
    // A stop lets the requests in flight finish (http/graceful-stop.ts): only idle keep-alive
    // connections are closed at once; busy ones close after their answer (Connection: close).
    forceCloseConnections: 'idle',
    // Errors the router raises before any route runs (bad percent-encoding, over-long parameter)
    // get the same { message, details } shape as everything else, without echoing the address.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'A path parameter is too long' : 'The address is not valid';
      void reply.code(status).send({ message, details: [] });
    },
    return503OnClosing: true,
    clientErrorHandler,
    // A hop count trusts that many proxies nearest to the server (Fastify's types omit the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  // Every invalid field is named, not just the first; unknown properties are dropped, not refused.
  app.setValidatorCompiler(createValidatorCompiler({ production: config.production }));

  const metrics = createMetrics();
  const mailer = countingMailer(deps.mailer ?? configuredMailer(config, (m) => app.log.info(m)), metrics);
  const identity =
    deps.identity ??
    createIdentityProvider({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost });
  // The mail jobs run here with HUB_OUTBOX=inline, from when the migrations are applied.
  let mailJobs: MailJobs | undefined;
  let mailJobsStarting: Promise<void> | undefined;
  const ctx: AppContext = {
    config,
    db: deps.database.db,
    pool: deps.database.pool,
    dbKind: deps.database.kind,
    identity,
    graph: deps.graph ?? createGraphClient({ baseUrl: config.graphUrl, allowSelfSigned: !config.production }),
    workIdTokens: createWorkIdTokenVerifier(config.workAccount, { allowSelfSigned: !config.production }),
    mailer,
    mailJobs: { wake: () => mailJobs?.wake() },
    readCache: createReadCache({
      enabled: config.readCache === 'on' || (config.readCache === 'auto' && deps.database.kind === 'pglite'),
      ttlSeconds: config.readCacheTtlSeconds,
      onOutcome: (read, outcome) => metrics.readCache.inc({ read, outcome }),
    }),
  };
  instrumentDatabasePool(deps.database.pool, metrics);
  // The mail queue's backlog is one shared table: the process that sends reports it (here, or the
  // worker role's own /metrics with HUB_OUTBOX=worker), so a scrape of every replica counts it once.
  if (config.outbox === 'inline') instrumentMailJobs(deps.database.db, metrics);
  // Sends what is due from the start (mails a stopped process left), and finishes the mails in hand
  // before the server (and then the database) closes. With HUB_OUTBOX=worker the worker role sends
  // them, and this process only writes the rows (its wake() then does nothing).
  // An api-role process may start before the migrate role is done: the job runner waits for the tables.
  if (config.outbox === 'inline') {
    const stopWaiting = new AbortController();
    app.addHook('onReady', async () => {
      mailJobsStarting = waitForMigrations(deps.database.db, {
        signal: stopWaiting.signal,
        onWait: (pending) => app.log.warn(`mail jobs: waiting for the migrations ${pending.join(', ')}`),
      })
        .then(async () => {
          mailJobs = await startMailJobs({
            pool: deps.database.pool,
            db: deps.database.db,
            mailer,
            config,
            log: app.log,
            identity,
          });
        })
        .catch((error: unknown) => {
          if (!stopWaiting.signal.aborted) app.log.error({ err: error }, 'mail jobs: the job queue did not start');
        });
    });
    app.addHook('onClose', async () => {
      stopWaiting.abort();
      // A start under way finishes first, so what it started is stopped too.
      await mailJobsStarting;
      await mailJobs?.stop();
      mailer.close?.();
    });
  }
  if (deps.database.kind === 'pglite') {
    const maintenance = createPgliteMaintenance(deps.database.pool, config.pgliteVacuumMs, app.log);
    app.addHook('onReady', async () => maintenance.start());
    app.addHook('onClose', async () => maintenance.stop());
  }

  // SPEC.md §7 sends "empty body" PUTs and POSTs; a client that still labels them JSON must not get 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  // JSON is the only body the API reads: anything else is 415, as documented (Fastify would
  // otherwise read text/plain as a string and answer a confusing 400).
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return jsonParser(request, body as string, done);
  });

  registerSecurityHeaders(app);
  registerObservability(app, { metrics, metricsPort: config.metricsPort, metricsHost: config.host });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    // traceparent/tracestate: the apps start a trace per API call (W3C Trace Context); X-Request-Id:
    // a caller's own id for the access line, echoed back (and readable by the page).
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'traceparent', 'tracestate', 'X-Request-Id'],
    exposedHeaders: ['ETag', 'X-Request-Id'],
    maxAge: 600,
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app) : undefined;
  const readiness = createReadiness({ pool: deps.database.pool, db: deps.database.db as Kysely<never>, redis });
  // Once a stop has begun, every answer closes its connection: the client's next request opens a new
  // one, which the load balancer sends to another process.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) void reply.header('connection', 'close');
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'hub-rate-limit:' } : {}),
    // A Redis outage must not take password resets down with it: counting stops, requests go through.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too many requests: try again later',
      details: [`Retry in ${Math.ceil(context.ttl / 1000)} s`],
    }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Community Hub API',
        version: API_VERSION,
        description: 'Events, communities and networks. Errors are JSON { message, details }.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app, { production: config.production });
  registerPublicCache(app);
  registerReadCacheInvalidation(app, ctx.readCache);

  registerProbeRoutes(app, readiness);
  registerStatusRoute(app, { pool: ctx.pool, dbKind: ctx.dbKind });
  clientErrorRoutes(app, { metrics, rateLimit: config.clientErrorRateLimit });
  catalogueRoutes(app, ctx);
  communityRoutes(app, ctx);
  homeRoutes(app, ctx);
  communityMembershipRoutes(app, ctx);
  communityInvitationRoutes(app, ctx);
  coreMemberRoutes(app, ctx);
  userRoutes(app, ctx);
  mailPreferenceRoutes(app, ctx);
  mailUnsubscribeRoutes(app, ctx);
  userSyncRoutes(app, ctx);
  accountMailRoutes(app, ctx);
  eventRoutes(app, ctx);
  eventAttendanceRoutes(app, ctx);
  whosGoingRoutes(app, ctx);
  eventIcsRoutes(app, ctx);
  calendarFeedRoutes(app, ctx);
  userEventRoutes(app, ctx);
  myDataRoutes(app, ctx);
  attendeeExportRecordRoutes(app, ctx);
  adminRoutes(app, ctx);
  adminInsightRoutes(app, ctx);
  manageRoutes(app, ctx);
  organiserMessageRoutes(app, ctx);
  // Its own scope: the upload's any-type body parser applies to its routes only.
  await app.register(async (scope) => imageRoutes(scope as App, ctx));
  if (config.benchRoutes) benchBareRoutes(app, ctx);
  if (!config.production) await demoImageRoutes(app);

  await app.ready();
  return { app, ctx, readiness };
}

export interface StartApiOptions {
  /** Environment to read the configuration from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Values that win over the environment. */
  config?: Partial<ApiConfig>;
  /** Seed the demo data before listening (also HUB_SEED_DEMO=true). */
  seedDemo?: boolean;
  /**
   * `standalone` (default: `npm start`, one process): applies the migrations at start. `api` (the
   * production role): does not, and is not ready until the migrate role has applied them.
   */
  role?: 'standalone' | 'api';
}

export interface RunningApi {
  url: string;
  port: number;
  config: ApiConfig;
  app: FastifyInstance;
  database: DatabaseHandle;
  readiness: Readiness;
  /** Stops at once: the server, then the database (tests, the dev orchestrator). */
  close(): Promise<void>;
  /** Stops as SIGTERM asks in production: not ready, serve for shutdownDelayMs, finish in flight, close. */
  drain(): Promise<void>;
}

export async function startApi(opts: StartApiOptions = {}): Promise<RunningApi> {
  const config = loadConfig(opts.env ?? process.env, opts.config ?? {});
  const standalone = (opts.role ?? 'standalone') === 'standalone';
  // On PostgreSQL migrations run over a connection of their own (HUB_MIGRATE_DATABASE_URL when set);
  // PGlite is one process's, so they run on the one handle.
  const migrateApart = standalone && config.database === 'postgres';
  if (migrateApart) await migrateDatabase(config);
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    settings: config.postgres,
    migrate: standalone && !migrateApart,
  });
  try {
    if (opts.seedDemo ?? config.seedDemoData) {
      // Loaded only when asked: the demo seed is a development aid, not part of a production image.
      const { seedDemoData } = await import('./seed/index.ts');
      await seedDemoData(database.db, { apiPublicUrl: config.apiPublicUrl ?? `http://localhost:${config.port}` });
    }
    const { app, readiness } = await buildServer(config, { database });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      port,
      config,
      app,
      database,
      readiness,
      close() {
        closing ??= (async () => {
          await app.close();
          await database.close();
        })();
        return closing;
      },
      drain() {
        closing ??= drainAndClose({
          app,
          readiness,
          delayMs: config.shutdownDelayMs,
          timeoutMs: config.shutdownTimeoutMs,
          closeDatabase: () => database.close(),
        });
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
