/**
 * The API's Prometheus metrics (prom-client), one registry per server so that several servers in
 * one process (the tests) never mix their counts. Labels are bounded: a route is its pattern, never
 * the raw address; a status is the number; a remote is one of the apps' names or 'other'.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The apps a browser report may name (shared/src/federation: the host and its four remotes). */
export const KNOWN_APPS = ['host', 'events', 'communities', 'account', 'admin'] as const;

export interface ApiMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  rateLimitRefusals: Counter<'route'>;
  dbPoolAcquire: Histogram;
  mailSends: Counter<'result'>;
  readCache: Counter<'read' | 'outcome'>;
  clientErrors: Counter<'kind' | 'app'>;
}

/**
 * `service` labels every series with the process kind: `hub-api` (the replicas, standalone) or
 * `hub-worker` (the worker role, whose listener shows the outbox and the sends).
 */
export function createMetrics(service: 'hub-api' | 'hub-worker' = 'hub-api'): ApiMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // Memory, CPU, event-loop lag, handles: what an operator looks at first when latency moves.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'hub_http_request_duration_seconds',
      help: 'Time from the request arriving to its answer being sent, by route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'hub_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern.',
      labelNames: ['route'],
      registers,
    }),
    dbPoolAcquire: new Histogram({
      name: 'hub_db_pool_acquire_seconds',
      help: 'Time a query waited for a database connection from the pool.',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    mailSends: new Counter({
      name: 'hub_mail_sends_total',
      help: 'Mails handed to the transport (SMTP or the local folder), by result: sent or failed.',
      labelNames: ['result'],
      registers,
    }),
    readCache: new Counter({
      name: 'hub_read_cache_requests_total',
      help: 'Public catalogue reads asked of the in-memory read cache, by read and outcome (hit, miss, dedupe).',
      labelNames: ['read', 'outcome'],
      registers,
    }),
    clientErrors: new Counter({
      name: 'hub_client_errors_total',
      help: 'Browser error reports accepted, by kind and app.',
      labelNames: ['kind', 'app'],
      registers,
    }),
  };
}

/** A gauge whose value is read when Prometheus scrapes (no timer, nothing kept between scrapes). */
export function scrapedGauge<L extends string>(
  metrics: ApiMetrics,
  options: { name: string; help: string; labelNames?: L[]; read: (gauge: Gauge<L>) => Promise<void> | void },
): Gauge<L> {
  const { read, ...rest } = options;
  return new Gauge<L>({
    ...rest,
    registers: [metrics.registry],
    async collect() {
      await read(this);
    },
  });
}

/** The label an app name gets: one of ours, else 'other' (a client cannot mint label values). */
export function appLabel(name: string | undefined): string {
  return (KNOWN_APPS as readonly string[]).includes(name ?? '') ? name! : 'other';
}
