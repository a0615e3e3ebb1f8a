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
