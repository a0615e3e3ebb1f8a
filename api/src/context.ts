/** What every route module receives: the database, identity, outbound services and config. */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { IdentityProvider } from './auth/verify-id-token.ts';
import type { GraphClient } from './graph/graph-client.ts';
import type { WorkIdTokenVerifier } from './auth/work-account.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ReadCache } from './http/read-cache.ts';

export interface AppContext {
  config: ApiConfig;
  db: Kysely<Database>;
  pool: pg.Pool;
  dbKind: 'pglite' | 'postgres';
  identity: IdentityProvider;
  graph: GraphClient;
  /** Verifies the work account's ID token posted to the user sync (auth/work-account.ts). */
  workIdTokens: WorkIdTokenVerifier;
  mailer: Mailer;
  /** The mail job queue (jobs/): wake it after committing jobs (enqueueMail, fanOutMail) so they go at once. */
  mailJobs: { wake(): void };
  /** Public catalogue reads kept in memory (a pass-through when off). */
  readCache: ReadCache;
}
