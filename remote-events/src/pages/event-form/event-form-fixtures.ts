/** Test data of the event form's tests (the demo data's shapes; not shipped). */
import { Permission, Role, fallbackUser, type CommunitySummary, type EventDetail, type UserInfo } from '@hub/shared';

export const sampleEvent: EventDetail = {
  id: 31,
  title: 'Platform Engineering Day',
  description: '## Programme\n\n- Talks\n- **Workshop**',
  imageUrl: '',
  // 18:00–21:30 in Amsterdam (summer time, UTC+2).
  startsAt: '2030-06-12T16:00:00.000Z',
  endsAt: '2030-06-12T19:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  communityId: 1,
  communityName: 'Cloud Native Guild',
  communityBaseId: 1,
  countryId: 1,
  countryName: 'Netherlands',
  capacity: 40,
  attendeeCount: 6,
  seatsLeft: 34,
  cancelled: false,
  format: 'hybrid',
  locations: [
    {
      eventLocationId: 11,
      cityName: 'Utrecht',
      address: 'Papendorpseweg 100',
      online: 'No',
      capacity: 25,
      attendeeCount: 4,
      arrivalNotes: 'Reception on floor 2',
    },
    { eventLocationId: 12, cityName: 'Online', address: null, online: 'Yes', capacity: null, attendeeCount: 2 },
  ],
  waitingListCount: 0,
  waitingListEnabled: false,
  cancelledAt: null,
  cancellationNote: null,
  reminders: { dayBefore: true, hourBefore: true },
};

const community = (id: number, name: string, communityBaseId: 1 | 2): CommunitySummary => ({
  id,
  name,
  communityBaseId,
  countryId: 1,
  countryName: 'Netherlands',
  description: '',
  imageUrl: '',
  memberCount: 3,
  upcomingEventCount: 0,
  nextEvent: null,
});

export const communities: CommunitySummary[] = [
  community(1, 'Cloud Native Guild', 1),
  community(2, 'Java Community', 1),
];
export const networks: CommunitySummary[] = [community(20, 'Women in Tech', 2)];

const base = {
  ...fallbackUser,
  userId: 'u',
  email: 'x@hub.test',
  firstName: 'Lena',
  lastName: 'Lead',
  city: 'Utrecht',
};
export const leadUser: UserInfo = {
  ...base,
  roles: [Role.CoreMember],
  permissions: [Permission.CoreMemberAccess, Permission.CapgeminiAccess, Permission.UserAccess],
  coreMemberOfCommunities: [{ communityId: 1, responsibleForCommunity: true }],
};
export const adminUser: UserInfo = {
  ...base,
  roles: [Role.Admin],
  permissions: [Permission.AdminAccess, Permission.CoreMemberAccess, Permission.UserAccess],
};
export const coreOfNoneUser: UserInfo = { ...leadUser, coreMemberOfCommunities: [] };
