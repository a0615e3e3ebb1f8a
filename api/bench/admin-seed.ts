/**
 * The admin benchmark's data, made in bulk on top of the demo seed: 10,000 users (one in ten
 * External, the rest Capgemini) and 50,000 audit rows. Shared by the benchmark's server
 * (serve-admin.ts) and the query plans' script (explain-users.ts), so both read the same table.
 */
import { AUDIT_ACTIONS } from '@hub/contract/audit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';

export async function seedAdminBench(db: Kysely<Database>, users = 10_000, auditRows = 50_000): Promise<void> {
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
  from generate_series(1, ${sql.lit(users)}) g
  on conflict do nothing`.execute(db);
  await sql`
  insert into user_role (user_id, role)
  select id, case when id % 10 = 0 then 3 else 2 end from app_user where uid like 'bench-user-%'
  on conflict do nothing`.execute(db);
  const { n } = (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(db)).rows[0]!;
  if (n < auditRows)
    await sql`
    insert into audit_log (at, actor_user_id, action, target_type, target_id, summary, details)
    select now() - (${sql.lit(auditRows)} - g) * interval '5 minutes',
      (select id from app_user order by id limit 1 offset (g % 50)),
      (${sql.val(AUDIT_ACTIONS)}::text[])[1 + g % ${sql.lit(AUDIT_ACTIONS.length)}],
      case when g % 12 = 0 then 'user' when g % 12 < 7 then 'community' else 'event' end,
      1 + g % 30,
      'Bench action ' || g,
      jsonb_build_object('userId', 1 + g % 500)
    from generate_series(1, ${sql.lit(auditRows - n)}) g`.execute(db);
  // The state the API's PGlite maintenance (db/pglite-maintenance.ts, hourly) keeps a database in:
  // statistics, and a visibility map, so index-only scans read the index only. Right after a bulk
  // load, before the first run, the users list's deeper pages cost about twice as much.
  await sql`vacuum (analyze)`.execute(db);
}
