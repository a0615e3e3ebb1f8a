/** Administration: users, their stored roles, and the dashboard's counts. */
import { Type, type Static } from '@sinclair/typebox';
import { Page, PageSize, Paged, SingleLine } from './common.ts';
import { Role } from './enums.ts';

export const AdminUser = Type.Object({
  id: Type.Integer(),
  userId: Type.Union([Type.String(), Type.Null()], { description: 'Firebase uid; null until the first sign-in' }),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  city: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.Enum(Role)),
});
export type AdminUser = Static<typeof AdminUser>;

/** GET api/admin/users */
export const AdminUserPage = Paged(AdminUser);
export type AdminUserPage = Static<typeof AdminUserPage>;

export const AdminUsersQuery = Type.Object({
  q: Type.Optional(SingleLine(100)),
  role: Type.Optional(Type.Integer({ minimum: Role.Admin, maximum: Role.External })),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
  sort: Type.Optional(
    Type.Union([Type.Literal('name'), Type.Literal('email')], {
      description: 'name (last, first; the default) or e-mail',
    }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'asc (the default) or desc' }),
  ),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

/** PUT api/admin/users/{id}/roles: which combinations are allowed is the route's rule, not the schema's. */
export const RolesInput = Type.Object({
  roles: Type.Array(Type.Integer({ minimum: Role.Admin, maximum: Role.Anonymous }), { maxItems: 4, uniqueItems: true }),
});
export type RolesInput = Static<typeof RolesInput>;

/** GET api/admin/stats */
export const AdminStats = Type.Object({
  users: Type.Integer(),
  admins: Type.Integer(),
  capgeminiStaff: Type.Integer(),
  externals: Type.Integer(),
  pendingUsers: Type.Integer(),
  communities: Type.Integer(),
  networks: Type.Integer(),
  memberships: Type.Integer(),
  upcomingEvents: Type.Integer(),
  pastEvents: Type.Integer(),
  cancelledEvents: Type.Integer(),
  attendances: Type.Integer(),
});
export type AdminStats = Static<typeof AdminStats>;

/** A count per period: `start` is the period's first day (UTC), weeks starting on Monday. */
export const PeriodCount = Type.Object({ start: Type.String({ format: 'date' }), count: Type.Integer() });
export type PeriodCount = Static<typeof PeriodCount>;

export const MonthAttendance = Type.Object({
  start: Type.String({ format: 'date', description: 'first day of the month (UTC)' }),
  attendances: Type.Integer({ description: 'attending registrations of events starting that month' }),
  checkedIn: Type.Integer({ description: 'of those, checked in' }),
  events: Type.Integer({ description: 'non-cancelled events starting that month' }),
});
export type MonthAttendance = Static<typeof MonthAttendance>;

export const ActiveCommunity = Type.Object({
  communityId: Type.Integer(),
  name: Type.String(),
  communityBaseId: Type.Integer(),
  events: Type.Integer({ description: 'non-cancelled events in the window' }),
  attendances: Type.Integer({ description: 'attending registrations of those events' }),
  checkedIn: Type.Integer(),
  members: Type.Integer({ description: 'members now' }),
});
export type ActiveCommunity = Static<typeof ActiveCommunity>;

/** GET api/admin/stats/trends */
export const AdminTrendsQuery = Type.Object({
  weeks: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 104, default: 12, description: 'sign-up weeks, ending this week' }),
  ),
  months: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 36,
      default: 12,
      description: 'attendance months: the last `months` up to this one, and the next 3',
    }),
  ),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
});
export type AdminTrendsQuery = Static<typeof AdminTrendsQuery>;

export const AdminTrends = Type.Object({
  generatedAt: Type.String({ format: 'date-time' }),
  usersByRole: Type.Object({
    admins: Type.Integer(),
    coreMembers: Type.Integer({ description: 'users holding at least one core-member seat' }),
    capgemini: Type.Integer(),
    external: Type.Integer(),
    pending: Type.Integer({ description: 'pre-provisioned, never signed in' }),
    total: Type.Integer({ description: 'signed-in users' }),
  }),
  signUpsPerWeek: Type.Array(PeriodCount, { description: 'every week of the window, zeros included, oldest first' }),
  communities: Type.Integer(),
  networks: Type.Integer(),
  memberships: Type.Integer(),
  events: Type.Object({ upcoming: Type.Integer(), past: Type.Integer(), cancelled: Type.Integer() }),
  attendancesPerMonth: Type.Array(MonthAttendance, { description: 'every month of the window, oldest first' }),
  checkInRate: Type.Object({
    attended: Type.Integer({ description: 'attending registrations of past, non-cancelled events' }),
    checkedIn: Type.Integer(),
    rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description: 'null when nothing to rate',
    }),
  }),
  mostActiveCommunities: Type.Array(ActiveCommunity, {
    description: 'by attendances of events in the last 12 months (then events), the top `top`',
  }),
});
export type AdminTrends = Static<typeof AdminTrends>;

/**
 * DELETE api/admin/users/{id}/calendar-feed: the user's private calendar feed address stops working.
 * `revoked` is false when the user had none (nothing changed, nothing recorded).
 */
export const CalendarFeedRevokeAnswer = Type.Object({ userId: Type.Integer(), revoked: Type.Boolean() });
export type CalendarFeedRevokeAnswer = Static<typeof CalendarFeedRevokeAnswer>;
