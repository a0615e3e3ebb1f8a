/**
 * One query layer (Kysely over a pg.Pool) for both databases: embedded PGlite through its
 * node-postgres adapter, or a PostgreSQL server when DATABASE_URL is set.
 */
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { migrateToLatest } from './migrate.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import { queryPlugins } from './query-builder.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  /** The raw pool, for the benchmark's bare endpoints and for health checks. */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL; PGlite always uses one connection. */
  poolSize?: number;
}

export async function connectDatabase(opts: ConnectOptions): Promise<DatabaseHandle> {
  const handle = opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts.dataDir);
  try {
    await migrateToLatest(handle.db);
    // PGlite runs no autovacuum daemon, so without this the planner would never have statistics.
    if (handle.kind === 'pglite') await handle.pool.query('analyze');
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function wrap(kind: DatabaseHandle['kind'], pool: pg.Pool, after: () => Promise<void>): DatabaseHandle {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
    plugins: queryPlugins(),
  });
  let closed: Promise<void> | undefined;
  return {
    kind,
    db,
    pool,
    close() {
      closed ??= (async () => {
        await db.destroy(); // ends the pool
        await after();
      })();
      return closed;
    },
  };
}

function openPostgres(connectionString: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return wrap('postgres', pool, async () => {});
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock: DataDirLock = lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    // pg_trgm: the users list's search indexes (migration 0006).
    pglite = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  } catch (error) {
    lock.release();
    throw error;
  }
  // The adapter shares one PGlite session, so the pool must hand out exactly one client at a time:
  // a transaction then owns the session until it ends, and nothing else interleaves with it.
  const pool = new pg.Pool({
    ...(createPgConfig(pglite) as unknown as pg.PoolConfig),
    max: 1,
    idleTimeoutMillis: 0,
  });
  return wrap('pglite', pool, async () => {
    await pglite.close();
    lock.release();
  });
}
