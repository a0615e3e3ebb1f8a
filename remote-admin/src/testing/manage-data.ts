import type { ManagedAttendee, ManagedAttendeeList, ManagedCommunity, ManagedEvent, UserInfo } from '@hub/shared';
import { aUser } from '@hub/ui/testing/render-page';

/** Fakes of the manage API's answers (contract/src/manage.ts) for the area's tests. */

export const leadUser: UserInfo = aUser({
  firstName: 'Lena',
  lastName: 'Lead',
  email: 'lead@hub.test',
  roles: [1],
  permissions: [1, 3],
  coreMemberOfCommunities: [{ communityId: 1, responsibleForCommunity: true }],
});

export const adminUser: UserInfo = aUser({ firstName: 'Ada', lastName: 'Admin', roles: [0], permissions: [0, 1, 3] });

export const coreUserElsewhere: UserInfo = aUser({
  firstName: 'Carl',
  lastName: 'Core',
  roles: [1],
  permissions: [1, 3],
  coreMemberOfCommunities: [{ communityId: 2, responsibleForCommunity: false }],
});

export function anEvent(overrides: Partial<ManagedEvent> = {}): ManagedEvent {
  return {
    id: 7,
    title: 'Kubernetes meetup',
    startsAt: '2030-03-01T17:00:00.000Z',
    endsAt: '2030-03-01T19:00:00.000Z',
    cancelled: false,
    capacity: 50,
    attending: 32,
    waiting: 3,
    checkedIn: 0,
    ...overrides,
  };
}

export function aCommunity(overrides: Partial<ManagedCommunity> = {}): ManagedCommunity {
  return {
    id: 1,
    name: 'Cloud Native Guild',
    communityBaseId: 1,
    countryName: 'Netherlands',
    coreMember: true,
    lead: true,
    canManageCoreMembers: true,
    upcomingEventCount: 1,
    pastEventCount: 1,
    upcomingEvents: [anEvent()],
    pastEvents: [
      anEvent({
        id: 3,
        title: 'Serverless evening',
        startsAt: '2024-05-02T17:00:00.000Z',
        endsAt: '2024-05-02T19:00:00.000Z',
        capacity: null,
        attending: 20,
        waiting: 0,
        checkedIn: 18,
      }),
    ],
    ...overrides,
  };
}

export function anAttendee(overrides: Partial<ManagedAttendee> = {}): ManagedAttendee {
  return {
    userId: 11,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@hub.test',
    status: 'attending',
    eventLocationId: 1,
    cityName: 'Utrecht',
    online: false,
    registeredAt: '2030-01-10T09:30:00.000Z',
    checkedInAt: null,
    ...overrides,
  };
}

export const attendees: ManagedAttendee[] = [
  anAttendee(),
  anAttendee({
    userId: 12,
    firstName: 'Zoë',
    lastName: 'Ångström',
    email: 'zoe@hub.test',
    cityName: 'Amsterdam',
    eventLocationId: 2,
    registeredAt: '2030-01-11T09:30:00.000Z',
    checkedInAt: '2030-03-01T16:55:00.000Z',
  }),
  anAttendee({
    userId: 13,
    firstName: 'Bob',
    lastName: 'Online',
    email: 'bob@hub.test',
    cityName: null,
    eventLocationId: null,
    online: true,
    registeredAt: '2030-01-12T09:30:00.000Z',
  }),
  anAttendee({
    userId: 14,
    firstName: 'Wendy',
    lastName: 'Waiting',
    email: 'wendy@hub.test',
    status: 'waiting',
    registeredAt: '2030-01-13T09:30:00.000Z',
  }),
];

export function anAttendeeList(overrides: Partial<ManagedAttendeeList> = {}): ManagedAttendeeList {
  return {
    event: {
      ...anEvent({ attending: 3, waiting: 1, checkedIn: 1 }),
      communityId: 1,
      communityName: 'Cloud Native Guild',
    },
    items: attendees,
    ...overrides,
  };
}
