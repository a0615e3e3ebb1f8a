/**
 * Readiness: should this process get traffic? Yes while the database answers, Redis answers (when
 * configured), every migration this code knows is applied, and no stop has begun. Liveness is only
 * "the process answers" (health-routes.ts), so an orchestrator restarts a stuck process but merely
 * stops routing to one whose database is away.
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { pendingMigrations } from '../db/migrate.ts';

/** A probe must answer well within an orchestrator's timeout (Kubernetes: 1 s by default). */
const CHECK_TIMEOUT_MS = 800;

export interface ReadinessDeps {
  pool: pg.Pool;
  db: Kysely<never>;
  redis?: Redis | undefined;
}

export interface Readiness {
  /** Empty when ready; otherwise one sentence per problem. */
  problems(): Promise<string[]>;
  /** A stop has begun: from now on the process is not ready, whatever the checks say. */
  startDraining(): void;
  readonly draining: boolean;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createReadiness(deps: ReadinessDeps): Readiness {
  let draining = false;
  // Applied migrations stay applied: once none is pending, the check is not asked again.
  let migrationsApplied = false;

  const database = async (): Promise<string | null> => {
    try {
      await withTimeout(deps.pool.query('select 1'), 'the database');
      return null;
    } catch (error) {
      return `database unreachable: ${reason(error)}`;
    }
  };
  const redis = async (): Promise<string | null> => {
    if (!deps.redis) return null;
    try {
      await withTimeout(deps.redis.ping(), 'Redis');
      return null;
    } catch (error) {
      return `Redis unreachable: ${reason(error)}`;
    }
  };
  const migrations = async (): Promise<string | null> => {
    if (migrationsApplied) return null;
    try {
      const pending = await withTimeout(pendingMigrations(deps.db), 'the migration table');
      if (pending.length === 0) {
        migrationsApplied = true;
        return null;
      }
      return `migrations not applied (run the migrate role): ${pending.join(', ')}`;
    } catch (error) {
      return `migrations unknown: ${reason(error)}`;
    }
  };

  return {
    async problems() {
      const found = await Promise.all([database(), redis(), migrations()]);
      const problems = found.filter((p): p is string => p !== null);
      return draining ? ['shutting down', ...problems] : problems;
    },
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
