/**
 * The migrate role (`node dist/main.js migrate`): applies the pending migrations and exits, as a
 * one-shot container or a Kubernetes Job run before a new version's API replicas. `npm start`'s
 * single process calls the same function at start.
 */
import type { ApiConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Applies what is pending; returns the names this process applied (none when another one did). */
export async function migrateDatabase(config: ApiConfig): Promise<string[]> {
  const settings = config.database;
  if (settings.poolMode === 'transaction' && !settings.migrateUrl)
    throw new Error(
      'HUB_DB_POOL_MODE=transaction: migrations need a direct connection to PostgreSQL, not through the pooler. ' +
        'Set HUB_MIGRATE_DATABASE_URL.',
    );
  const database = await connectDatabase({
    databaseUrl: settings.migrateUrl ?? config.databaseUrl,
    dataDir: config.dataDir,
    // One session of the schema's owner; a migration may run longer than any request would.
    settings: { poolSize: 1, connectTimeoutMs: settings.connectTimeoutMs, statementTimeoutMs: 0 },
    migrate: false,
  });
  try {
    const applied = await migrateToLatest(database.db);
    // PGlite runs no autovacuum daemon: give its planner statistics for the new tables.
    if (database.kind === 'pglite' && applied.length > 0) await database.pool.query('analyze');
    return applied;
  } finally {
    await database.close();
  }
}
