/**
 * The admin users list's two statements: one page of ids in the asked order, and the total. Kept
 * apart from the route so the tests can read the plans of exactly what the route sends.
 */
import { Role } from '@hub/contract/enums';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
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

/** `%text%` with the pattern's own characters escaped (`like`'s default escape is the backslash). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered<Q extends SelectQueryBuilder<Database, 'appUser', object>>(query: Q, f: UsersFilter): Q {
  let out = query;
  if (f.q) {
    // search_text is lower-cased by the database (migration 0007), so the pattern is lower-cased by
    // the same function and the match is `ilike`'s without lower-casing every row per request.
    const pattern = containsPattern(f.q);
    out = out.where('appUser.searchText', 'like', sql<string>`lower(${pattern})`) as Q;
  }
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
  const base = filtered(db.selectFrom('appUser').select('appUser.id'), f);
  const ordered =
    f.sort === 'email'
      ? base.orderBy('appUser.email', f.order)
      : base.orderBy('appUser.lastName', f.order).orderBy('appUser.firstName', f.order);
  return ordered
    .orderBy('appUser.id', f.order)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
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
