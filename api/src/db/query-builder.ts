/**
 * The query builder's settings, in one place: the live databases use them, and so do the queries that
 * are prepared once at load time, which are built on a Kysely that compiles but never connects
 * (Kysely's documented DummyDriver set-up).
 */
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type KyselyPlugin,
} from 'kysely';
import type { Database } from './schema.ts';

/** Columns are snake_case in SQL and camelCase in TypeScript; JSON built in SQL keeps its own keys. */
export function queryPlugins(): KyselyPlugin[] {
  return [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
}

export const compileOnlyDb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: queryPlugins(),
});
