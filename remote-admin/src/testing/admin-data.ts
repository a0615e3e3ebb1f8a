import type { AdminTrends, AdminUser, AuditEntry } from '@hub/shared';
import { aUser } from '@hub/ui/testing/render-page';

/** The signed-in admin of the admin screens' tests. */
export const adminMe = aUser({
  email: 'admin@hub.test',
  firstName: 'Ada',
  lastName: 'Admin',
  roles: [0, 2],
  permissions: [0, 1, 2, 3],
});

export const adminUsers: AdminUser[] = [
  {
    id: 1,
    userId: 'uid-admin',
    email: 'admin@hub.test',
    firstName: 'Ada',
    lastName: 'Admin',
    city: 'Paris',
    roles: [0, 2],
  },
  { id: 2, userId: 'uid-lead', email: 'lead@hub.test', firstName: 'Lea', lastName: 'Lead', city: null, roles: [1, 2] },
  { id: 3, userId: null, email: 'ext@partner.test', firstName: 'Eve', lastName: 'Extern', city: 'Lyon', roles: [3] },
];

export const trends: AdminTrends = {
  generatedAt: '2030-03-06T10:00:00.000Z',
  usersByRole: { admins: 2, coreMembers: 4, capgemini: 30, external: 7, pending: 3, total: 37 },
  signUpsPerWeek: [
    { start: '2030-02-18', count: 2 },
    { start: '2030-02-25', count: 5 },
    { start: '2030-03-04', count: 3 },
  ],
  communities: 12,
  networks: 6,
  memberships: 91,
  events: { upcoming: 14, past: 13, cancelled: 3 },
  attendancesPerMonth: [
    { start: '2030-01-01', attendances: 20, checkedIn: 15, events: 3 },
    { start: '2030-02-01', attendances: 24, checkedIn: 18, events: 4 },
    { start: '2030-03-01', attendances: 30, checkedIn: 4, events: 5 },
    { start: '2030-04-01', attendances: 9, checkedIn: 0, events: 2 },
    { start: '2030-05-01', attendances: 4, checkedIn: 0, events: 1 },
    { start: '2030-06-01', attendances: 0, checkedIn: 0, events: 0 },
  ],
  checkInRate: { attended: 64, checkedIn: 48, rate: 0.75 },
  mostActiveCommunities: [
    {
      communityId: 1,
      name: 'Cloud Community',
      communityBaseId: 1,
      events: 6,
      attendances: 40,
      checkedIn: 30,
      members: 25,
    },
    { communityId: 4, name: 'Java Network', communityBaseId: 2, events: 3, attendances: 12, checkedIn: 9, members: 11 },
  ],
};

export const auditEntries: AuditEntry[] = [
  {
    id: 41,
    at: '2030-03-05T09:30:00.000Z',
    action: 'user.roles.change',
    actorId: 1,
    actor: { id: 1, email: 'admin@hub.test', firstName: 'Ada', lastName: 'Admin' },
    targetType: 'user',
    targetId: 3,
    summary: 'Roles of ext@partner.test: External → Admin, External',
    details: {},
  },
  {
    id: 40,
    at: '2030-03-04T18:00:00.000Z',
    action: 'attendee.checkIn',
    actorId: 2,
    actor: { id: 2, email: 'lead@hub.test', firstName: 'Lea', lastName: 'Lead' },
    targetType: 'event',
    targetId: 7,
    summary: 'Checked in Eve Extern at Cloud Night',
    details: { userId: 3 },
  },
];
