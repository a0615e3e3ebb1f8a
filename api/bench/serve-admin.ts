/**
 * The server under the admin-queries benchmark (bench/admin-queries.ts), in its own process: the real
 * API on PGlite with the demo seed plus 10,000 users and 50,000 audit rows made here in bulk.
 * Only the Firebase signature check is replaced, by a verifier that knows one token (the demo
 * admin's uid): firebase-admin would otherwise ask the auth emulator on every request, and that
 * round trip is the emulator's cost, not the API's. The caller is still loaded from the database,
 * the admin rule, validation, the query and the response schema all run as shipped.
 */
import type { DecodedIdToken } from 'firebase-admin/auth';
import { AUDIT_ACTIONS } from '@hub/contract/audit';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { buildServer } from '../src/server.ts';
import type { IdentityProvider } from '../src/auth/verify-id-token.ts';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token';
const USERS = Number(process.env['HUB_BENCH_USERS'] ?? 10_000);
const AUDIT_ROWS = Number(process.env['HUB_BENCH_AUDIT_ROWS'] ?? 50_000);

const config = loadConfig(process.env, { benchRoutes: true, logLevel: 'error', port: 0 });
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedDemoData(database.db);
const db = database.db;
const FIRST = [
  'Noah',
  'Emma',
  'Liam',
  'Mila',
  'Lucas',
  'Julia',
  'Finn',
  'Hannah',
  'Leon',
  'Lea',
  'Paul',
  'Marie',
  'Louis',
  'Chloé',
  'Hugo',
  'Inès',
  'Arthur',
  'Aarav',
  'Diya',
  'Arjun',
];
const LAST = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Müller',
  'Schmidt',
  'Weber',
  'Fischer',
  'Wagner',
  'Becker',
  'Martin',
  'Bernard',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Sharma',
  'Patel',
  'Iyer',
  'Reddy',
  'Nair',
  'Gupta',
  'Peeters',
  'Janssens',
  'Maes',
  'Claes',
  'Wouters',
  'Goossens',
];
await sql`
  insert into app_user (uid, email, first_name, last_name, city, created_at)
  select 'bench-user-' || g, 'bench.user' || g || '@bench.test',
    (${sql.val(FIRST)}::text[])[1 + g % ${sql.lit(FIRST.length)}],
    (${sql.val(LAST)}::text[])[1 + (g * 7) % ${sql.lit(LAST.length)}],
    'Utrecht', now() - (g % 400) * interval '1 day'
  from generate_series(1, ${sql.lit(USERS)}) g
  on conflict do nothing`.execute(db);
await sql`
  insert into user_role (user_id, role)
  select id, case when id % 10 = 0 then 3 else 2 end from app_user where uid like 'bench-user-%'
  on conflict do nothing`.execute(db);
const { n } = (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(db)).rows[0]!;
if (n < AUDIT_ROWS)
  await sql`
    insert into audit_log (at, actor_user_id, action, target_type, target_id, summary, details)
    select now() - (${sql.lit(AUDIT_ROWS)} - g) * interval '5 minutes',
      (select id from app_user order by id limit 1 offset (g % 50)),
      (${sql.val(AUDIT_ACTIONS)}::text[])[1 + g % ${sql.lit(AUDIT_ACTIONS.length)}],
      case when g % 12 = 0 then 'user' when g % 12 < 7 then 'community' else 'event' end,
      1 + g % 30,
      'Bench action ' || g,
      jsonb_build_object('userId', 1 + g % 500)
    from generate_series(1, ${sql.lit(AUDIT_ROWS - n)}) g`.execute(db);
await sql`analyze`.execute(db);

const identity: IdentityProvider = {
  auth: undefined as never,
  async verify(token: string) {
    return token === BENCH_ADMIN_TOKEN
      ? { ok: true, token: { uid: 'demo-admin' } as DecodedIdToken }
      : { ok: false, reason: 'auth/invalid-id-token' };
  },
};
const { app } = await buildServer(config, { database, identity });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
