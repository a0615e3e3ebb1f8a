/** Events: list, detail, the create/edit body, attendees and attendance. */
import { Type, type Static } from '@sinclair/typebox';
import {
  Id,
  ImageUrl,
  JoinUrl,
  Name,
  OptionalText,
  Page,
  PageSize,
  Paged,
  SingleLine,
  TimeZone,
  Timestamp,
} from './common.ts';
import { ImageIdField, ImageRef } from './images.ts';
import { CommunityBaseId } from './enums.ts';
import { VisibilitySchema } from './visibility-schema.ts';

/** SPEC §3: a location's `online` is 'Yes' or not. */
export const YesNo = Type.Union([Type.Literal('Yes'), Type.Literal('No')]);
export type YesNo = Static<typeof YesNo>;

export const EventLocation = Type.Object({
  eventLocationId: Type.Integer(),
  cityName: Type.String(),
  address: Type.Union([Type.String(), Type.Null()]),
  online: YesNo,
  /** Seats at this location; null: only the event's capacity applies. */
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  /** People attending at this location. */
  attendeeCount: Type.Integer(),
  /**
   * What attendees of this place need on arrival (reception, floor, badge, parking); null when none.
   * The API always answers it; optional so that an answer kept from before it existed still reads.
   */
  arrivalNotes: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type EventLocation = Static<typeof EventLocation>;

export const EventFormat = Type.Union([Type.Literal('online'), Type.Literal('inPerson'), Type.Literal('hybrid')]);
export type EventFormat = Static<typeof EventFormat>;

export const EventSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  /** The uploaded cover (issue 27); absent or null: none (imageUrl, an address, may still be set). */
  cover: Type.Optional(Type.Union([ImageRef, Type.Null()])),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  /** The IANA zone the event is held in: times are shown in it (and in the viewer's when different). */
  timeZone: Type.String(),
  communityId: Type.Integer(),
  communityName: Type.String(),
  communityBaseId: Type.Integer(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  attendeeCount: Type.Integer(),
  /** capacity − attendeeCount, never below 0; null when the event has no overall capacity. */
  seatsLeft: Type.Union([Type.Integer(), Type.Null()]),
  cancelled: Type.Boolean(),
  format: EventFormat,
  locations: Type.Array(EventLocation),
  /**
   * Issue 28: who may see it (the caller can, or it would not be in the answer). The API always
   * answers it; optional so that an answer kept from before it existed still reads.
   */
  visibility: Type.Optional(VisibilitySchema),
  /** Its community's visibility: the event form offers only what it allows. */
  communityVisibility: Type.Optional(VisibilitySchema),
});
export type EventSummary = Static<typeof EventSummary>;

/** GET api/events */
export const EventPage = Paged(EventSummary);
export type EventPage = Static<typeof EventPage>;

/** The organiser's switches for the reminders mailed to attendees a day and an hour before (both on by default). */
export const EventReminders = Type.Object({
  dayBefore: Type.Boolean(),
  hourBefore: Type.Boolean(),
});
export type EventReminders = Static<typeof EventReminders>;

/** GET api/events/{id}, and the answer of create, edit and cancel. */
export const EventDetail = Type.Composite([
  EventSummary,
  Type.Object({
    waitingListCount: Type.Integer(),
    waitingListEnabled: Type.Boolean(),
    /** When the event was cancelled; null while it is not (or, for a very old cancellation, not known). */
    cancelledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The organiser's note on the cancellation; null when none was written. */
    cancellationNote: Type.Union([Type.String(), Type.Null()]),
    reminders: EventReminders,
  }),
]);
export type EventDetail = Static<typeof EventDetail>;

export const EventListQuery = Type.Object({
  when: Type.Optional(
    Type.Union([Type.Literal('upcoming'), Type.Literal('past'), Type.Literal('all')], { default: 'upcoming' }),
  ),
  communityId: Type.Optional(Id),
  countryId: Type.Optional(Id),
  communityBaseId: Type.Optional(
    Type.Unsafe<CommunityBaseId>(
      Type.Integer({ minimum: CommunityBaseId.Community, maximum: CommunityBaseId.Network }),
    ),
  ),
  format: Type.Optional(EventFormat),
  q: Type.Optional(SingleLine(100)),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
});
export type EventListQuery = Static<typeof EventListQuery>;

/** A location in the create/edit body: with the id of an existing one it is kept, without it is added. */
export const LocationInput = Type.Object({
  eventLocationId: Type.Optional(Id),
  cityName: SingleLine(100),
  address: Type.Union([SingleLine(300), Type.Null()]),
  online: YesNo,
  /** Seats at this location, within the event's capacity when it has one. */
  capacity: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
  /** The join link of an online location (online: 'Yes'); refused on a location that is not online. */
  joinUrl: Type.Optional(Type.Union([JoinUrl, Type.Null()])),
  /**
   * Arrival notes of an in-person place (reception, floor, badge, parking): on the event page, the
   * confirmation and the reminders. Left out: a kept place keeps its notes; refused on an online place.
   */
  arrivalNotes: Type.Optional(Type.Union([OptionalText(500), Type.Null()])),
});
export type LocationInput = Static<typeof LocationInput>;

/** POST api/events and PUT api/events/{id}. */
export const EventInput = Type.Object({
  communityId: Id,
  title: Name(200),
  description: OptionalText(10_000),
  imageUrl: ImageUrl,
  /** An uploaded cover (POST api/images, kind event-cover); null removes it; left out: unchanged. */
  coverImageId: Type.Optional(ImageIdField),
  startsAt: Timestamp,
  endsAt: Timestamp,
  timeZone: TimeZone,
  capacity: Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]),
  locations: Type.Array(LocationInput, { minItems: 1, maxItems: 20 }),
  /** Left out: both on when creating, unchanged when editing (clients from before the switches). */
  reminders: Type.Optional(EventReminders),
  /**
   * Issue 28: never more open than the community allows (400 otherwise). Left out: the community's
   * visibility when creating, unchanged when editing.
   */
  visibility: Type.Optional(VisibilitySchema),
});
export type EventInput = Static<typeof EventInput>;

/** POST api/events/{id}/cancel: an optional note for the attendees (the event page and the mail show it). */
export const CancelEventInput = Type.Object({ note: Type.Optional(OptionalText(1000)) });
export type CancelEventInput = Static<typeof CancelEventInput>;

/** GET api/events/{id}/attendees */
export const Attendee = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  status: Type.Union([Type.Literal('attending'), Type.Literal('waiting')]),
  eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
  cityName: Type.Union([Type.String(), Type.Null()]),
});
export type Attendee = Static<typeof Attendee>;
export const AttendeeList = Type.Array(Attendee);
export type AttendeeList = Static<typeof AttendeeList>;

/** PUT api/events/{id}/attendance (an empty body means attending online or at no location). */
export const AttendanceInput = Type.Object({
  eventLocationId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Issue 28: name me in this event's "Who's going"; left out, the caller's default (off until set). */
  shownInWhosGoing: Type.Optional(Type.Boolean()),
});
export type AttendanceInput = Static<typeof AttendanceInput>;

/** PUT and DELETE api/events/{id}/attendance. */
export const AttendanceAnswer = Type.Object({
  eventId: Type.Integer(),
  status: Type.Union([Type.Literal('attending'), Type.Literal('waiting'), Type.Literal('none')]),
  eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
});
export type AttendanceAnswer = Static<typeof AttendanceAnswer>;

/** GET api/events/{id}/ics, the personal feed and a community's feed: iCalendar text (RFC 5545). */
export const EventCalendar = Type.String({ description: 'text/calendar' });

/**
 * GET api/calendar/{token}.ics: the secret of a personal feed, as it stands in the address. Any text
 * is accepted here: a token that is malformed or unknown answers 404 alike.
 */
export const CalendarFeedParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type CalendarFeedParams = Static<typeof CalendarFeedParams>;

/** GET api/events/{id}/me: what the caller (signed in) may see and has done about one event. */
export const EventViewerInfo = Type.Object({
  eventId: Type.Integer(),
  status: Type.Union([Type.Literal('attending'), Type.Literal('waiting'), Type.Literal('none')]),
  eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
  /** 1 for the first person waiting; null when not waiting. */
  waitingListPosition: Type.Union([Type.Integer(), Type.Null()]),
  /** Core member of the event's community, or admin: may edit, cancel and read the attendee list. */
  canManage: Type.Boolean(),
  /**
   * Join links of the online locations: every one for the community's core members and admins; for an
   * attendee only that of the place they chose (none for an in-person place); none for anyone else.
   */
  joinLinks: Type.Array(Type.Object({ eventLocationId: Type.Integer(), joinUrl: Type.String() })),
  /** Issue 28: the caller, attending or waiting, agreed to be named in "Who's going"; false otherwise. */
  shownInWhosGoing: Type.Boolean(),
});
export type EventViewerInfo = Static<typeof EventViewerInfo>;

/** GET api/user/events: the events the caller attends or waits for. */
export const MyEventsQuery = Type.Object({
  when: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past')], { default: 'upcoming' })),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
});
export type MyEventsQuery = Static<typeof MyEventsQuery>;

/**
 * POST api/user/calendar-feed: a new private feed address, shown this once (the API keeps only the
 * secret's hash); any earlier address stops working at once.
 */
export const CalendarFeed = Type.Object({
  /** `https://…/api/calendar/{token}.ics`: the private feed of the events the user attends. */
  url: Type.String(),
  /** The same address with the `webcal:` scheme, for "subscribe" links. */
  webcalUrl: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CalendarFeed = Static<typeof CalendarFeed>;

/**
 * GET api/user/calendar-feed: whether the caller has a private feed address and when it was made.
 * The address itself cannot be read again: only its hash is kept.
 */
export const CalendarFeedStatus = Type.Object({
  active: Type.Boolean(),
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CalendarFeedStatus = Static<typeof CalendarFeedStatus>;
