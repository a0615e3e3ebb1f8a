/**
 * The database pool as Prometheus sees it: connections open, idle and in use, queries waiting for a
 * connection (read at scrape), and how long each wait lasted (timed at every checkout). A growing
 * wait with every connection in use says the pool, not the database, is the limit.
 */
import type pg from 'pg';
import { scrapedGauge, type ApiMetrics } from './metrics.ts';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

export function instrumentDatabasePool(pool: pg.Pool, metrics: ApiMetrics): void {
  scrapedGauge(metrics, {
    name: 'hub_db_pool_connections',
    help: 'Connections of the database pool, by state: open (all), idle, in use.',
    labelNames: ['state'],
    read: (gauge) => {
      gauge.set({ state: 'open' }, pool.totalCount);
      gauge.set({ state: 'idle' }, pool.idleCount);
      gauge.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  });
  scrapedGauge(metrics, {
    name: 'hub_db_pool_waiting',
    help: 'Queries waiting for a free database connection right now.',
    read: (gauge) => gauge.set(pool.waitingCount),
  });

  // Every checkout goes through connect(): Kysely's (promise) and pool.query's own (callback).
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const stop = metrics.dbPoolAcquire.startTimer();
    if (callback)
      return connect((error, client, done) => {
        stop();
        callback(error, client, done);
      });
    return connect()!.finally(stop);
  };
  (pool as unknown as { connect: typeof timed }).connect = timed;
}
