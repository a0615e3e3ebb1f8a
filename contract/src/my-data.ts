/**
 * Issue 28, people's data in their own hands: `GET api/user/export`, everything the product holds
 * about the caller, as one JSON file (and `GET api/user/export/events.ics`, their events).
 */
import { Type, type Static } from '@sinclair/typebox';

const Time = Type.String({ format: 'date-time' });
const MaybeTime = Type.Union([Time, Type.Null()]);
const MaybeInt = Type.Union([Type.Integer(), Type.Null()]);
const MaybeText = Type.Union([Type.String(), Type.Null()]);

const Place = Type.Object({ cityName: Type.String(), address: MaybeText, online: Type.Boolean() });

/** One audit-log row; `summary` only on rows about the person (rows they acted in name others). */
const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Time,
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.Integer(),
  summary: Type.Optional(Type.String()),
});

export const MyDataExport = Type.Object({
  exportedAt: Time,
  profile: Type.Object({
    id: Type.Integer(),
    uid: MaybeText,
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    phoneNumber: Type.String(),
    imageUrl: Type.String(),
    avatarImageId: MaybeInt,
    city: MaybeText,
    businessUnit: MaybeText,
    createdAt: Time,
    updatedAt: Time,
  }),
  roles: Type.Array(Type.String()),
  memberships: Type.Array(Type.Object({ communityId: Type.Integer(), community: Type.String(), joinedAt: Time })),
  /** Issue 28: requests to join members-only communities, the latest per community. */
  joinRequests: Type.Array(
    Type.Object({
      communityId: Type.Integer(),
      community: Type.String(),
      status: Type.String(),
      askedAt: Time,
      decidedAt: MaybeTime,
    }),
  ),
  coreMemberSeats: Type.Array(
    Type.Object({ communityId: Type.Integer(), community: Type.String(), lead: Type.Boolean() }),
  ),
  attendances: Type.Array(
    Type.Object({
      eventId: Type.Integer(),
      event: Type.String(),
      startsAt: Time,
      endsAt: Time,
      status: Type.String(),
      place: Type.Union([Place, Type.Null()]),
      registeredAt: Time,
      checkedInAt: MaybeTime,
      /** Issue 28: whether this event's "Who's going" names the person. */
      shownInWhosGoing: Type.Boolean(),
    }),
  ),
  remindersQueued: Type.Array(
    Type.Object({ eventId: Type.Integer(), kind: Type.String(), startsAt: Time, queuedAt: Time }),
  ),
  eventsCreated: Type.Array(Type.Object({ eventId: Type.Integer(), title: Type.String(), createdAt: Time })),
  /** Issue 28: the person's default for "Who's going" on the events they attend. */
  whosGoing: Type.Object({ shownByDefault: Type.Boolean() }),
  mailPreferences: Type.Array(Type.Object({ kind: Type.String(), enabled: Type.Boolean(), updatedAt: Time })),
  communityNewsChoices: Type.Array(
    Type.Object({ communityId: Type.Integer(), community: Type.String(), choice: Type.String(), updatedAt: Time }),
  ),
  weeklyDigests: Type.Array(Type.Object({ week: Type.String(), queuedAt: Time })),
  /** The secret address is never kept (only its hash), so only whether one exists and since when. */
  calendarFeed: Type.Union([Type.Object({ createdAt: Time }), Type.Null()]),
  imagesUploaded: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.String(),
      communityId: MaybeInt,
      width: Type.Integer(),
      height: Type.Integer(),
      urls: Type.Array(Type.String()),
      createdAt: Time,
    }),
  ),
  organiserMessagesSent: Type.Array(
    Type.Object({
      id: Type.Integer(),
      communityId: Type.Integer(),
      eventId: MaybeInt,
      audience: Type.String(),
      subject: Type.String(),
      body: Type.String(),
      recipientCount: Type.Integer(),
      createdAt: Time,
    }),
  ),
  auditLog: Type.Object({
    /** Rows whose subject is the person (their roles, their check-ins, their seats, this export). */
    aboutMe: Type.Array(AuditRow),
    /** Rows of what the person did; without the summary, which names other people. */
    actionsITook: Type.Array(AuditRow),
  }),
});
export type MyDataExport = Static<typeof MyDataExport>;
