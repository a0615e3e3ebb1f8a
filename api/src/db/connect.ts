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
import type { DatabaseConfig } from '../config.ts';
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
  /** Pool size for PostgreSQL; PGlite always uses one connection. Wins over settings.poolSize. */
  poolSize?: number;
  /** The PostgreSQL pool's settings (HUB_DB_*); the defaults of config.ts when absent. */
  settings?: Partial<DatabaseConfig>;
  /**
   * Apply the migrations before handing the database out (default true: `npm start`, the tests).
   * The production roles do not: the migrate role migrates, the api and worker roles wait for it.
   */
  migrate?: boolean;
}

export async function connectDatabase(opts: ConnectOptions): Promise<DatabaseHandle> {
  const handle = opts.databaseUrl
    ? openPostgres(opts.databaseUrl, { ...opts.settings, ...(opts.poolSize ? { poolSize: opts.poolSize } : {}) })
    : await openPglite(opts.dataDir);
  try {
    if (opts.migrate ?? true) await migrateToLatest(handle.db);
    // PGlite runs no autovacuum daemon, so without this the planner would never have statistics.
    if (handle.kind === 'pglite') await handle.pool.query('analyze');
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function wrap(
  kind: DatabaseHandle['kind'],
  pool: pg.Pool,
  after: () => Promise<void>,
  preparedStatements = true,
): DatabaseHandle {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparedStatements ? withPreparedStatements(pool) : pool }),
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

function openPostgres(connectionString: string, settings: Partial<DatabaseConfig>): DatabaseHandle {
  const transactionPooler = settings.poolMode === 'transaction';
  const pool = new pg.Pool({
    connectionString,
    max: settings.poolSize ?? 10,
    idleTimeoutMillis: settings.idleTimeoutMs ?? 30_000,
    // pg's 0 waits for ever: a full pool or an unreachable server would hang requests without an error.
    connectionTimeoutMillis: settings.connectTimeoutMs ?? 10_000,
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Named prepared statements live in a server session; behind a transaction pooler the next query may
  // land on another session that never saw the name ("prepared statement … does not exist").
  return wrap('postgres', pool, async () => {}, !transactionPooler);
}

/** A PGlite database under dataDir/pglite, its folder locked to this process until release(). */
export async function openPgliteFolder(
  dataDir: string,
  opts: { loadDataDir?: Blob } = {},
): Promise<{ pglite: PGlite; release(): Promise<void> }> {
  const lock: DataDirLock = lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    // pg_trgm: the users list's search indexes (migration 0006).
    pglite = await PGlite.create(join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    pglite,
    async release() {
      await pglite.close();
      lock.release();
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { pglite, release } = await openPgliteFolder(dataDir);
  // The adapter shares one PGlite session, so the pool must hand out exactly one client at a time:
  // a transaction then owns the session until it ends, and nothing else interleaves with it.
  const pool = new pg.Pool({
    ...(createPgConfig(pglite) as unknown as pg.PoolConfig),
    max: 1,
    idleTimeoutMillis: 0,
  });
  return wrap('pglite', pool, release);
}
