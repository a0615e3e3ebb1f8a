/**
 * Organiser messages (issue 26): what a core member of an event's community (or an admin) writes to
 * the event's attendees, and what a community's lead (or an admin) announces to its members. Each
 * is sent as one mail per recipient and listed on the event or community page as "Updates from the
 * organisers". The senders see how many people a message reaches, never who.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Name } from './common.ts';

/** Subject: one line, like a mail's subject. */
export const MESSAGE_SUBJECT_MAX = 150;
/** Body: plain text, a few screens of it at most. */
export const MESSAGE_BODY_MAX = 5000;

const Subject = Name(MESSAGE_SUBJECT_MAX);
const Body = Type.String({ minLength: 1, maxLength: MESSAGE_BODY_MAX, format: 'multi-line-text' });

/** Whom a message to an event goes to: everyone holding a seat, those at one place, or those checked in. */
export const EventAudience = Type.Union([
  Type.Literal('event-all'),
  Type.Literal('event-location'),
  Type.Literal('event-checked-in'),
]);
export type EventAudience = Static<typeof EventAudience>;

export const MessageAudience = Type.Union([...EventAudience.anyOf, Type.Literal('community-members')]);
export type MessageAudience = Static<typeof MessageAudience>;

/** POST api/events/{id}/messages. */
export const EventMessageInput = Type.Object(
  {
    subject: Subject,
    body: Body,
    audience: EventAudience,
    eventLocationId: Type.Optional(Id),
  },
  {
    additionalProperties: false,
    description: "eventLocationId: required with audience 'event-location', refused otherwise",
  },
);
export type EventMessageInput = Static<typeof EventMessageInput>;

/** POST api/community/{id}/messages. */
export const CommunityMessageInput = Type.Object({ subject: Subject, body: Body }, { additionalProperties: false });
export type CommunityMessageInput = Static<typeof CommunityMessageInput>;

/** One message as the pages list it: who wrote it (their name only), when, to whom, what. */
export const OrganiserMessage = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  body: Type.String(),
  audience: MessageAudience,
  /** The place of an 'event-location' message (its name when it was written). */
  locationName: Type.Union([Type.String(), Type.Null()]),
  authorName: Type.String({ description: 'first and last name of the organiser; empty when the account is gone' }),
  sentAt: Type.String({ format: 'date-time' }),
});
export type OrganiserMessage = Static<typeof OrganiserMessage>;

/** GET api/events/{id}/messages, GET api/community/{id}/messages: newest first. */
export const OrganiserMessageList = Type.Object({ items: Type.Array(OrganiserMessage) });
export type OrganiserMessageList = Static<typeof OrganiserMessageList>;

/** The answer to the sender: the message and how many people it is being sent to. */
export const SentOrganiserMessage = Type.Object({ message: OrganiserMessage, recipientCount: Type.Integer() });
export type SentOrganiserMessage = Static<typeof SentOrganiserMessage>;

/** GET api/events/{id}/messages/audiences: how many each choice reaches (numbers only, never who). */
export const EventAudienceCounts = Type.Object({
  all: Type.Integer(),
  checkedIn: Type.Integer(),
  locations: Type.Array(
    Type.Object({ eventLocationId: Id, name: Type.String(), online: Type.Boolean(), attending: Type.Integer() }),
  ),
});
export type EventAudienceCounts = Static<typeof EventAudienceCounts>;

/** GET api/community/{id}/messages/audience: how many members an announcement reaches. */
export const CommunityAudienceCount = Type.Object({ members: Type.Integer() });
export type CommunityAudienceCount = Static<typeof CommunityAudienceCount>;
