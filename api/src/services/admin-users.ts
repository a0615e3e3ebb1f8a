/**
 * The admin users list's statements: a page of users with the total (one statement), and the total
 * alone for a page past the end. Kept apart from the route so the tests and bench/explain-users.ts
 * read the plans of exactly what the route sends.
 */
import { Role } from '@hub/contract/enums';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface UsersFilter {
  /** Trimmed, non-empty, or undefined for no search. */
  q: string | undefined;
  role: number | undefined;
  sort: 'name' | 'email';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** pg_trgm's unit: a search shorter than this has no trigram for the index to look up. */
const TRIGRAM = 3;

/** `%text%` with the pattern's own characters escaped (`like`'s default escape is the backslash). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered<Q extends SelectQueryBuilder<Database, 'appUser', object>>(query: Q, f: UsersFilter): Q {
  // A deleted account's anonymised row (issue 28) is nobody to list.
  let out = query.where('appUser.deletedAt', 'is', null) as Q;
  // search_text is lower-cased by the database (migration 0007), so the text is lower-cased by the
  // same function: the match is `ilike`'s without lower-casing every row per request.
  if (f.q && [...f.q].length < TRIGRAM)
    // Too short to hold a trigram: the index could only hand back all of itself. A text of its own
    // (the API prepares each text once and may keep one plan for all its values) that reads the rows.
    out = out.where(sql<boolean>`strpos(${sql.ref('appUser.searchText')}, lower(${f.q})) > 0`) as Q;
  else if (f.q) out = out.where('appUser.searchText', 'like', sql<string>`lower(${containsPattern(f.q)})`) as Q;
  if (f.role === Role.CoreMember)
    out = out.where('appUser.id', 'in', (sq) => sq.selectFrom('communityCoreMember').select('userId')) as Q;
  else if (f.role !== undefined) {
    const role = f.role;
    out = out.where('appUser.id', 'in', (sq) =>
      sq.selectFrom('userRole').select('userId').where('role', '=', role),
    ) as Q;
  }
  return out;
}

/**
 * The page's ids, from the name-ordered (or e-mail-ordered) index when that is cheaper, or from the
 * search's trigram index and a sort of the matches when the search is selective: the planner picks.
 * The id breaks ties in the same direction.
 */
export function userIdsPage(db: Kysely<Database>, f: UsersFilter) {
  return ordered(filtered(db.selectFrom('appUser').select('appUser.id'), f), f, 'appUser')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}

/** Name (last, first) or e-mail, either way, then the id in the same direction. */
function ordered<Q extends { orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): Q }>(
  query: Q,
  f: UsersFilter,
  table: 'appUser' | 'u',
): Q {
  const by = f.sort === 'email' ? ['email'] : ['lastName', 'firstName'];
  let out = query;
  for (const column of [...by, 'id']) out = out.orderBy(sql.ref(`${table}.${column}`), f.order);
  return out;
}

/** A user as the list shows them: the stored roles and whether they hold a core member seat. */
export function userRows(db: Kysely<Database>) {
  return db
    .selectFrom('appUser as u')
    .select([
      'u.id',
      'u.uid as userId',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.city',
      sql<
        number[]
      >`coalesce((select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id), '{}')`.as(
        'storedRoles',
      ),
      sql<boolean>`exists (select 1 from community_core_member c where c.user_id = u.id)`.as('coreMember'),
    ]);
}

/**
 * One page of users and the total in one statement (on PGlite every statement waits its turn on the
 * one session, so a request that asks once waits once). The ids are chosen first, with their limit,
 * and only those rows are then read in full, each by its key: `lateral … limit 1` keeps that a
 * lookup per id. (The API prepares each text once; in the plan kept for every page size, the limit
 * is unknown and assumed a tenth of the table, so a plain join read every user to join 20 of them.)
 * The roles' subqueries run for the page's rows only. The total is an uncorrelated subquery, computed
 * once; a page past the end has no row to carry it, and the caller asks usersTotal then.
 */
export function usersPage(db: Kysely<Database>, f: UsersFilter) {
  return ordered(
    db
      .selectFrom(userIdsPage(db, f).as('p'))
      .innerJoinLateral(
        () => userRows(db).where('u.id', '=', sql.ref<number>('p.id')).limit(1).as('u'),
        (join) => join.onTrue(),
      )
      .selectAll('u')
      .select(() => [usersTotal(db, f).as('total')]),
    f,
    'u',
  );
}

/**
 * The exact number of matching users. A role alone is counted where it is stored (`user_role` from
 * its `(role, user_id)` index, the core member seats from theirs) without reading the users: every
 * such row belongs to a user (foreign keys, on delete cascade). A search is counted from its trigram
 * index, with the role as a semi-join.
 */
export function usersTotal(db: Kysely<Database>, f: UsersFilter) {
  if (!f.q && f.role === Role.CoreMember)
    return db.selectFrom('communityCoreMember').select(sql<number>`count(distinct user_id)::int`.as('total'));
  if (!f.q && f.role !== undefined)
    return db
      .selectFrom('userRole')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('role', '=', f.role);
  return filtered(db.selectFrom('appUser').select(sql<number>`count(*)::int`.as('total')), f);
}
