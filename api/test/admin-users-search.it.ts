/**
 * GET api/admin/users over a few thousand users: every search and role filter answers exactly the
 * users a plain reading of the rows gives (all pages together) with the exact total, and the
 * statements keep the plans that make them cheap (the search through its trigram index after bulk
 * writes, a role alone counted without reading the users, the e-mail order from its index). On
 * PGlite, and on PostgreSQL when its binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdminUserPage } from '@hub/contract/admin';
import { Role } from '@hub/contract/enums';
import { sql, type Compilable } from 'kysely';
import { usersPage, usersTotal, type UsersFilter } from '../src/services/admin-users.ts';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const USERS = 10_000;
const FIRST = ['Emma', 'Noah', 'Chloé', 'Liam', 'Inès', 'Arjun'];
// An underscore and a percent sign in names: a search for them must find only these, not everyone.
const LAST = ['Jansen', 'Müller', 'de Vries', 'Schmidt', 'Fifty_Fifty', 'Hundred%', 'Sharma'];

interface Row {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: number[];
  coreMember: boolean;
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `admin users search (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let rows: Row[] = [];

      before(async () => {
        api = await startTestApi({ kind });
        admin = await tokenFor('admin@hub.test');
        const db = api.database.db;
        // Written after the migrations, as a growing site writes them: the indexes must serve them.
        await sql`
          insert into app_user (uid, email, first_name, last_name)
          select 'search-' || g, 'search.user' || g || '@Example.test',
            (${sql.val(FIRST)}::text[])[1 + g % ${sql.lit(FIRST.length)}],
            (${sql.val(LAST)}::text[])[1 + (g * 5) % ${sql.lit(LAST.length)}]
          from generate_series(1, ${sql.lit(USERS)}) g`.execute(db);
        await sql`
          insert into user_role (user_id, role)
          select id, case when id % 10 = 0 then 3 else 2 end from app_user where uid like 'search-%'`.execute(db);
        await sql`analyze`.execute(db);
        rows = (
          await sql<Row>`
            select u.id, u.email, u.first_name, u.last_name,
              coalesce((select array_agg(r.role) from user_role r where r.user_id = u.id), '{}') as roles,
              exists (select 1 from community_core_member c where c.user_id = u.id) as core_member
            from app_user u`.execute(db)
        ).rows;
      });
      after(async () => api?.close());

      /** The users a plain reading gives: the text in "first last" or in the e-mail, any letter case. */
      function expected(q: string | undefined, role: number | undefined): number[] {
        const text = q?.toLowerCase();
        return rows
          .filter(
            (r) =>
              !text ||
              `${r.firstName} ${r.lastName}`.toLowerCase().includes(text) ||
              r.email.toLowerCase().includes(text),
          )
          .filter(
            (r) => role === undefined || (role === Role.CoreMember ? r.coreMember : r.roles.map(Number).includes(role)),
          )
          .map((r) => r.id)
          .sort((a, b) => a - b);
      }

      /** Every page of the list, and the total each page answered. */
      async function allPages(query: string): Promise<{ ids: number[]; totals: Set<number>; pages: number }> {
        const ids: number[] = [];
        const totals = new Set<number>();
        for (let page = 1; ; page++) {
          const answer = await call(api.url, 'GET', `/api/admin/users?${query}&pageSize=100&page=${page}`, {
            token: admin,
          });
          assert.equal(answer.status, 200, answer.text);
          const body = answer.json as AdminUserPage;
          totals.add(body.total);
          ids.push(...body.items.map((u) => u.id));
          if (body.items.length < 100) return { ids, totals, pages: page };
        }
      }

      it('finds exactly the matching users with the exact total, for searches, roles and both', async () => {
        const cases: [string | undefined, number | undefined][] = [
          [undefined, undefined],
          ['emma', undefined],
          ['JANSEN', undefined],
          ['Emma Jansen', undefined], // a full name, across the two name fields
          ['MüLLER', undefined],
          ['search.user42', undefined], // an e-mail part that every address shares but the digits
          ['@example.TEST', undefined],
          ['_', undefined], // a literal underscore, not "any character"
          ['%', undefined],
          ['e', undefined], // matches nearly everyone
          [undefined, Role.Admin],
          [undefined, Role.CoreMember],
          [undefined, Role.Capgemini],
          [undefined, Role.External],
          ['schmidt', Role.Capgemini],
          ['de vries', Role.External],
          ['hub.test', Role.CoreMember],
        ];
        for (const [q, role] of cases) {
          const params = new URLSearchParams();
          if (q !== undefined) params.set('q', q);
          if (role !== undefined) params.set('role', String(role));
          const want = expected(q, role);
          const got = await allPages(params.toString());
          const label = params.toString() || '(no filter)';
          assert.deepEqual([...got.totals], [want.length], `${label}: the total on every page`);
          assert.equal(new Set(got.ids).size, got.ids.length, `${label}: no user on two pages`);
          assert.deepEqual(
            [...got.ids].sort((a, b) => a - b),
            want,
            `${label}: the users`,
          );
        }
        // The cases above are not all trivially small or trivially everyone.
        assert.ok(expected('Emma Jansen', undefined).length > 50);
        assert.ok(expected('_', undefined).length > 50 && expected('_', undefined).length < USERS / 2);
        assert.equal(expected('search.user42', undefined).length, 111);
      });

      it('never matches across the name and the e-mail, and keeps the total past the last page', async () => {
        const across = (await call(api.url, 'GET', '/api/admin/users?q=jansen%20search', { token: admin })).json;
        assert.deepEqual([across.total, across.items], [0, []]);
        const past = (
          await call(api.url, 'GET', '/api/admin/users?q=schmidt&role=2&page=999&pageSize=20', { token: admin })
        ).json;
        assert.deepEqual([past.total, past.items], [expected('schmidt', Role.Capgemini).length, []]);
      });

      it('follows a renamed user at once (the search text is written with the row)', async () => {
        const someone = rows.find((r) => r.email.startsWith('search.user7@'))!;
        await sql`update app_user set last_name = 'Zwanenburg' where id = ${someone.id}`.execute(api.database.db);
        const found = (await call(api.url, 'GET', '/api/admin/users?q=zwanenb', { token: admin })).json;
        assert.deepEqual(
          found.items.map((u: { id: number }) => u.id),
          [someone.id],
        );
      });

      it('keeps the plans that make the list cheap', async () => {
        const plan = async (query: Compilable<unknown>) => {
          const { sql: text, parameters } = query.compile();
          const result = await api.database.pool.query(`explain ${text}`, [...parameters]);
          return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        };
        const db = api.database.db;
        const f: UsersFilter = { q: undefined, role: undefined, sort: 'name', order: 'asc', page: 1, pageSize: 20 };
        const search = { ...f, q: 'search.user42' };
        // (Which way a page is read, the name index or the search's, is the planner's call on costs.)
        // Had the index kept its writes in a pending list (GIN's default; PGlite never vacuums), the
        // planner would have fallen back to reading every user for each search.
        assert.match(await plan(usersTotal(db, search)), /app_user_search_text_trgm_idx/);
        for (const role of [Role.Admin, Role.Capgemini, Role.External, Role.CoreMember]) {
          const total = await plan(usersTotal(db, { ...f, role }));
          assert.doesNotMatch(total, /app_user/, `role ${role}: counted where the role is stored`);
        }
        assert.match(
          await plan(usersPage(db, { ...f, sort: 'email', order: 'desc', page: 40 })),
          /app_user_email_order_idx/,
        );
      });
    },
  );
}
