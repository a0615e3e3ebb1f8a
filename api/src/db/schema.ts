/**
 * Kysely's view of the tables. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
 */
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { Visibility } from '@hub/contract/visibility';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CountryTable {
  id: Generated<number>;
  name: string;
  code: string;
}

export interface CommunityBaseTable {
  id: number;
  name: string;
}

export interface BusinessUnitTable {
  id: Generated<number>;
  name: string;
}

export interface AppUserTable {
  id: Generated<number>;
  /** Firebase uid; null for a user pre-provisioned by e-mail who has not signed in yet. */
  uid: string | null;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  phoneNumber: Generated<string>;
  imageUrl: Generated<string>;
  /** The uploaded avatar (0035). */
  avatarImageId: ColumnType<number | null, number | null | undefined, number | null>;
  city: string | null;
  businessUnitId: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** "first last\nemail" lower-cased, written by the database (migration 0007): the admin users search. */
  searchText: GeneratedAlways<string>;
  /** Issue 28: when the account was deleted (the row is kept anonymised); null for a live account. */
  deletedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 28 (0060): the person's default for "Who's going" on the events they attend; off until they say. */
  whosGoingDefault: Generated<boolean>;
}

export interface UserRoleTable {
  userId: number;
  /** Only the stored roles: Admin 0, Capgemini 2, External 3. CoreMember (1) is derived. */
  role: number;
}

export interface CommunityTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  imageUrl: Generated<string>;
  /** The uploaded logo and cover (0035). */
  logoImageId: ColumnType<number | null, number | null | undefined, number | null>;
  coverImageId: ColumnType<number | null, number | null | undefined, number | null>;
  countryId: number;
  communityBaseId: number;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Issue 27: when an admin archived it; null while it is active. */
  archivedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 28 (0050): who may see it and whether it is listed. */
  visibility: Generated<Visibility>;
}

export interface CommunityMembershipTable {
  communityId: number;
  userId: number;
  joinedAt: CreatedAt;
}

export interface CommunityCoreMemberTable {
  communityId: number;
  userId: number;
  responsibleForCommunity: Generated<boolean>;
}

export interface EventTable {
  id: Generated<number>;
  communityId: number;
  title: string;
  description: Generated<string>;
  imageUrl: Generated<string>;
  /** The uploaded cover (0035). */
  coverImageId: ColumnType<number | null, number | null | undefined, number | null>;
  startsAt: ColumnType<Date, Date | string, Date | string>;
  endsAt: ColumnType<Date, Date | string, Date | string>;
  /** IANA zone the event is held in ('Europe/Amsterdam'). */
  timeZone: Generated<string>;
  capacity: number | null;
  /** Seats taken; kept in step with event_attendee rows of status 'attending' in one transaction. */
  attendeeCount: Generated<number>;
  cancelled: Generated<boolean>;
  /** When it was cancelled (0012); null while it is not. */
  cancelledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The organiser's note on a cancellation (0012); null when none was written. */
  cancellationNote: ColumnType<string | null, string | null | undefined, string | null>;
  /** The iCalendar SEQUENCE: how many times what a calendar shows of the event has changed. */
  sequence: Generated<number>;
  /** The organiser's switches for the reminders a day and an hour before (0016); on by default. */
  remindDayBefore: Generated<boolean>;
  remindHourBefore: Generated<boolean>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** "title\ndescription" lower-cased, written by the database (migration 0011): the events search. */
  searchText: GeneratedAlways<string>;
  /** Issue 28 (0050): who may see it, within what its community allows. */
  visibility: Generated<Visibility>;
}

export interface EventLocationTable {
  id: Generated<number>;
  eventId: number;
  cityName: Generated<string>;
  address: string | null;
  online: Generated<boolean>;
  position: Generated<number>;
  /** Seats at this location; null: only the event's capacity applies. */
  capacity: number | null;
  /** Join link of an online location; only attendees, the community's core members and admins see it. */
  joinUrl: string | null;
  /** What attendees of this place need on arrival (reception, floor, badge, parking): on the event page, the confirmation and the reminders (migration 0030). */
  arrivalNotes: Generated<string | null>;
  /** Attending rows at this location; kept in step like event.attendeeCount, under the event's row lock. */
  attendeeCount: Generated<number>;
  /** The city lower-cased, written by the database (migration 0011): the events search by city. */
  searchCity: GeneratedAlways<string>;
}

export interface EventAttendeeTable {
  eventId: number;
  /** Null: an anonymous attendance of an ended event, kept for the counts (migration 0055, issue 28). */
  userId: number | null;
  eventLocationId: number | null;
  status: 'attending' | 'waiting';
  /** Arrival order, used to promote the waiting list first come, first served. */
  seq: Generated<string>;
  /** Registration time. */
  createdAt: CreatedAt;
  /** When a core member or admin marked the attendee present; null: not checked in. */
  checkedInAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 28 (0060): whether this attendee agreed to be named in the event's "Who's going". */
  shownInWhosGoing: Generated<boolean>;
}

/** A reminder queued (0016, mail/reminders.ts): once per event, person, kind and start time. */
export interface EventReminderTable {
  eventId: number;
  userId: number;
  kind: 'day' | 'hour';
  startsAt: ColumnType<Date, Date | string, Date | string>;
  queuedAt: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actorUserId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  summary: string;
  details: ColumnType<Record<string, unknown>, string, string>;
}

/** A user's private calendar feed (`GET api/calendar/{token}.ics`); regenerating replaces the row. */
export interface CalendarFeedTable {
  userId: number;
  /**
   * Hex SHA-256 of the secret (256 random bits, base64url, shown to its owner once as part of the
   * feed address): what a feed request is looked up by. The secret itself is not kept (migration 0010).
   */
  tokenHash: string;
  /** When this secret was made (regenerating makes a new one). */
  createdAt: UpdatedAt;
}

/** A kind of mail a person switched off or on again (migration 0020); no row: on. */
export interface MailPreferenceTable {
  userId: number;
  kind: 'reminders' | 'community-news' | 'organiser-messages' | 'announcements' | 'digest' | 'join-requests';
  enabled: boolean;
  updatedAt: Generated<Date>;
}

/** How a community's news reaches a member (migration 0020); no row: 'digest'. */
export interface CommunityNewsChoiceTable {
  userId: number;
  communityId: number;
  choice: 'now' | 'digest' | 'none';
  updatedAt: Generated<Date>;
}

/** The one row of the global send rate (migration 0014). */
export interface MailSendSlotTable {
  id: number;
  /** The earliest moment the next send may start. */
  nextAt: Date;
}

export interface Database {
  country: CountryTable;
  communityBase: CommunityBaseTable;
  businessUnit: BusinessUnitTable;
  appUser: AppUserTable;
  userRole: UserRoleTable;
  community: CommunityTable;
  communityMembership: CommunityMembershipTable;
  communityCoreMember: CommunityCoreMemberTable;
  event: EventTable;
  eventLocation: EventLocationTable;
  eventAttendee: EventAttendeeTable;
  calendarFeed: CalendarFeedTable;
  auditLog: AuditLogTable;
  eventReminder: EventReminderTable;
  mailSendSlot: MailSendSlotTable;
  mailPreference: MailPreferenceTable;
  communityNewsChoice: CommunityNewsChoiceTable;
  organiserMessage: OrganiserMessageTable;
  weeklyDigestRun: WeeklyDigestRunTable;
  image: ImageTable;
  communityInvitation: CommunityInvitationTable;
  communityJoinRequest: CommunityJoinRequestTable;
}

/** A members-only community's invitation link (migration 0065): its secret kept as a hash only. */
export interface CommunityInvitationTable {
  communityId: number;
  /** Hex SHA-256 of the link's secret (256 random bits, base64url, shown once to the core member who made it). */
  tokenHash: string;
  /** What opening the link lets a signed-in person do: ask the core members, or join at once. */
  mode: 'request' | 'join';
  createdAt: UpdatedAt;
}

/** A person's latest request to join a community (migration 0065). */
export interface CommunityJoinRequestTable {
  id: Generated<number>;
  communityId: number;
  userId: number;
  status: 'pending' | 'approved' | 'declined';
  askedAt: UpdatedAt;
  decidedAt: Date | null;
}

/** An uploaded image (migration 0035); its variants are written once, named by `hash`. */
export interface ImageTable {
  id: Generated<number>;
  ownerUserId: number | null;
  kind: 'community-logo' | 'community-cover' | 'event-cover' | 'avatar';
  communityId: number | null;
  hash: string;
  width: number;
  height: number;
  focalX: Generated<number>;
  focalY: Generated<number>;
  variants: ColumnType<ImageVariantRow[], string, string>;
  createdAt: CreatedAt;
}

export interface ImageVariantRow {
  width: number;
  height: number;
  format: 'avif' | 'webp';
  url: string;
}

/** Who an organiser message went to (migration 0025). */
export type OrganiserAudience = 'event-all' | 'event-location' | 'event-checked-in' | 'community-members';

/** A message an organiser wrote to an event's attendees or a community's members (migration 0025). */
export interface OrganiserMessageTable {
  id: Generated<number>;
  communityId: number;
  /** Null for a community announcement. */
  eventId: number | null;
  authorUserId: number | null;
  audience: OrganiserAudience;
  eventLocationId: number | null;
  /** The place's name when written ('event-location' only), kept after the place is removed. */
  locationName: string | null;
  subject: string;
  body: string;
  recipientCount: number;
  createdAt: CreatedAt;
}

/** A person's weekly digest of one week, queued once (migration 0026). */
export interface WeeklyDigestRunTable {
  userId: number;
  /** The Monday (UTC) the week starts on. */
  week: ColumnType<string, string, never>;
  queuedAt: CreatedAt;
}
