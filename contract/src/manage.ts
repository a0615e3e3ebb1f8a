/**
 * The manage area (core members and admins): the communities a caller manages with their events'
 * attendance, one event's attendee list with registration and check-in times, and check-in.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Page, Paged, SingleLine } from './common.ts';

/** One event as the manage overview shows it: the counts a host needs at a glance. */
export const ManagedEvent = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  cancelled: Type.Boolean(),
  capacity: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit' }),
  attending: Type.Integer({ description: 'registrations holding a seat' }),
  waiting: Type.Integer({ description: 'registrations on the waiting list' }),
  checkedIn: Type.Integer({ description: 'attending registrations marked present' }),
});
export type ManagedEvent = Static<typeof ManagedEvent>;

/** One community of the manage overview. */
export const ManagedCommunity = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  communityBaseId: Type.Integer({ description: '1 community, 2 network' }),
  countryName: Type.String(),
  coreMember: Type.Boolean({ description: 'the caller holds a core-member seat here' }),
  lead: Type.Boolean({ description: 'the caller is the lead (responsibleForCommunity) here' }),
  canManageCoreMembers: Type.Boolean({ description: 'lead or admin: may appoint, lead and remove core members' }),
  upcomingEventCount: Type.Integer({
    description: 'all upcoming events (ends in the future, not cancelled): a cancelled event is filed under past',
  }),
  pastEventCount: Type.Integer({ description: 'all past events, cancelled ones included' }),
  upcomingEvents: Type.Array(ManagedEvent, {
    description: 'the soonest `upcomingLimit` upcoming events, soonest first',
  }),
  pastEvents: Type.Array(ManagedEvent, { description: 'the latest `pastLimit` past events, latest first' }),
});
export type ManagedCommunity = Static<typeof ManagedCommunity>;

/** GET api/manage/communities: core-member communities (lead first), or every community for an admin. */
export const ManagedCommunityPage = Paged(ManagedCommunity);
export type ManagedCommunityPage = Static<typeof ManagedCommunityPage>;

export const ManagedCommunitiesQuery = Type.Object({
  q: Type.Optional(SingleLine(100)),
  page: Type.Optional(Page),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  upcomingLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, default: 10 })),
  pastLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, default: 5 })),
});
export type ManagedCommunitiesQuery = Static<typeof ManagedCommunitiesQuery>;

/** GET api/manage/communities/{id}/events: all of one community's events, paged ("show more"). */
export const ManagedEventsQuery = Type.Object({
  when: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past')], { default: 'upcoming' })),
  page: Type.Optional(Page),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ManagedEventsQuery = Static<typeof ManagedEventsQuery>;
export const ManagedEventPage = Paged(ManagedEvent);
export type ManagedEventPage = Static<typeof ManagedEventPage>;

/** One registration of the attendee list. */
export const ManagedAttendee = Type.Object({
  userId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String({ description: 'only ever sent to core members of the community and admins (the only readers)' }),
  status: Type.Union([Type.Literal('attending'), Type.Literal('waiting')]),
  eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
  cityName: Type.Union([Type.String(), Type.Null()], { description: 'the chosen location; null: online / none' }),
  online: Type.Boolean({ description: 'the chosen location is the online one (or the event has none)' }),
  registeredAt: Type.String({ format: 'date-time' }),
  checkedInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ManagedAttendee = Static<typeof ManagedAttendee>;

/** GET api/manage/events/{id}/attendees: the whole list (the screen sorts, searches and exports it). */
export const ManagedAttendeeList = Type.Object({
  event: Type.Composite([ManagedEvent, Type.Object({ communityId: Type.Integer(), communityName: Type.String() })]),
  items: Type.Array(ManagedAttendee, { description: 'attending first (registration order), then the waiting list' }),
});
export type ManagedAttendeeList = Static<typeof ManagedAttendeeList>;

/** PUT / DELETE api/events/{id}/attendees/{userId}/check-in */
export const CheckInParams = Type.Object({ id: Id, userId: Id });
export type CheckInParams = Static<typeof CheckInParams>;

/** The answer of both: the attendee's new state and the event's live count. Repeating a call answers the same. */
export const CheckInAnswer = Type.Object({
  eventId: Type.Integer(),
  userId: Type.Integer(),
  checkedInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null: not checked in' }),
  checkedIn: Type.Integer({ description: 'attendees of this event now checked in' }),
  attending: Type.Integer({ description: 'attendees holding a seat ("checkedIn of attending checked in")' }),
});
export type CheckInAnswer = Static<typeof CheckInAnswer>;
