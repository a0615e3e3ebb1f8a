/** Request and response schemas shared by several routes (TypeBox → JSON Schema → OpenAPI). */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const ErrorBody = Type.Object(
  { message: Type.String(), details: Type.Array(Type.String()) },
  { description: 'Every error: a message and the list of details (one per invalid field for 400).' },
);

/** Error responses of a route, keyed by status, for the OpenAPI description and serialisation. */
export function errors(...codes: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id });
export const CommunityIdParams = Type.Object({ communityId: Id });

export const Message = Type.Object({ message: Type.String() });

/*
 * Text fields carry a named format (http/text-formats.ts) that refuses what cannot be stored or
 * should not be shown: U+0000, unpaired surrogates, control and invisible formatting characters.
 */
/** A required name or title: one line, bounded, with at least one visible letter. */
export const Name = (max = 120) => Type.String({ minLength: 1, maxLength: max, format: 'name' });
/** Free text that may span lines (descriptions), possibly empty. */
export const OptionalText = (max: number) => Type.String({ maxLength: max, format: 'multi-line-text' });
/** One line of text, possibly empty (search terms, addresses, tokens). */
export const SingleLine = (max: number) => Type.String({ maxLength: max, format: 'single-line-text' });
/** An image address: empty, or https (http://localhost too outside production). */
export const ImageUrl = Type.String({ maxLength: 2048, format: 'image-url' });
/** An instant: RFC 3339 date-time between 1970 and 9999, no leap second. */
export const Timestamp = Type.String({ format: 'timestamp' });
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });

export const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
export const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 20 });

export function Paged<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

export const CoreSeat = Type.Object({ communityId: Type.Integer(), responsibleForCommunity: Type.Boolean() });

export const UserInfo = Type.Object({
  userId: Type.String({ description: 'Firebase uid' }),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  imageURL: Type.String(),
  city: Type.Union([Type.String(), Type.Null()]),
  businessUnitId: Type.Union([Type.Integer(), Type.Null()]),
  coreMemberOfCommunities: Type.Array(CoreSeat),
  memberOfCommunities: Type.Array(Type.Object({ communityId: Type.Integer() })),
  attendingEvents: Type.Array(
    Type.Object({
      eventId: Type.Integer(),
      eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
      status: Type.Union([Type.Literal('attending'), Type.Literal('waiting')]),
    }),
  ),
  roles: Type.Array(Type.Integer({ description: 'Admin 0, CoreMember 1, Capgemini 2, External 3, Anonymous 4' })),
  permissions: Type.Array(
    Type.Integer({ description: 'AdminAccess 0, CoreMemberAccess 1, CapgeminiAccess 2, UserAccess 3' }),
  ),
});
export type UserInfo = Static<typeof UserInfo>;

export const CommunitySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  communityBaseId: Type.Integer({ description: '1 community, 2 network' }),
  memberCount: Type.Integer(),
});
export type CommunitySummary = Static<typeof CommunitySummary>;

export const PublicCoreMember = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  imageUrl: Type.String(),
  responsibleForCommunity: Type.Boolean({ description: 'true for the community lead' }),
});

export const CommunityDetail = Type.Composite([
  CommunitySummary,
  Type.Object({
    coreMembers: Type.Array(PublicCoreMember),
    upcomingEventCount: Type.Integer(),
  }),
]);
export type CommunityDetail = Static<typeof CommunityDetail>;

export const YesNo = Type.Union([Type.Literal('Yes'), Type.Literal('No')]);

export const EventLocation = Type.Object({
  eventLocationId: Type.Integer(),
  cityName: Type.String(),
  address: Type.Union([Type.String(), Type.Null()]),
  online: YesNo,
});

export const EventFormat = Type.Union([Type.Literal('online'), Type.Literal('inPerson'), Type.Literal('hybrid')]);

export const EventSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  communityId: Type.Integer(),
  communityName: Type.String(),
  communityBaseId: Type.Integer(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  attendeeCount: Type.Integer(),
  cancelled: Type.Boolean(),
  format: EventFormat,
  locations: Type.Array(EventLocation),
});

export const EventDetail = Type.Composite([
  EventSummary,
  Type.Object({ waitingListCount: Type.Integer(), waitingListEnabled: Type.Boolean() }),
]);
