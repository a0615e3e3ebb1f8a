/** Communities and networks: overview, lists, detail, the admin form's body, membership answers. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, Name, OptionalText, SingleLine } from './common.ts';
import { ImageIdField, ImageRef } from './images.ts';
import { CommunityBaseId } from './enums.ts';
import { VisibilitySchema } from './visibility-schema.ts';

/**
 * A base id as a request field: the bounds come from the enum, and the type is the enum's, so a
 * form's value is typed `CommunityBaseId` while the 400 still reads "must be <= 2".
 */
export const CommunityBaseIdInput = Type.Unsafe<CommunityBaseId>(
  Type.Integer({
    minimum: CommunityBaseId.Community,
    maximum: CommunityBaseId.Network,
    description: `${CommunityBaseId.Community} community, ${CommunityBaseId.Network} network`,
  }),
);

/** GET api/community: per country, how many communities and networks it has. */
export const CountryOverview = Type.Object({
  countryId: Type.Integer(),
  countryName: Type.String(),
  communities: Type.Integer({ description: 'communities (base 1) in this country' }),
  networks: Type.Integer({ description: 'networks (base 2) in this country' }),
});
export type CountryOverview = Static<typeof CountryOverview>;
export const CommunityOverview = Type.Array(CountryOverview);
export type CommunityOverview = Static<typeof CommunityOverview>;

/** Each item of GET api/community/base/{id}, and the base of the detail. */
/** A community's next event as its card shows it. */
export const NextEvent = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startsAt: Type.String({ description: 'RFC 3339' }),
  timeZone: Type.String(),
});
export type NextEvent = Static<typeof NextEvent>;

export const CommunitySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  /** The uploaded logo and cover (issue 27); absent or null: none (imageUrl, an address, may still be set). */
  logo: Type.Optional(Type.Union([ImageRef, Type.Null()])),
  cover: Type.Optional(Type.Union([ImageRef, Type.Null()])),
  countryId: Type.Integer(),
  countryName: Type.String(),
  // An integer, not the enum: a base added to the database must not make every answer fail to serialise.
  communityBaseId: Type.Integer({ description: '1 community, 2 network' }),
  memberCount: Type.Integer(),
  /** Events not yet ended and not cancelled (issue 27: the card and the "most upcoming events" sort). */
  upcomingEventCount: Type.Integer(),
  /** The soonest of those, for the card; null when there is none. */
  nextEvent: Type.Union([NextEvent, Type.Null()]),
  /** Issue 28: who may see it. Always answered; optional so that an answer kept from before it still reads. */
  visibility: Type.Optional(VisibilitySchema),
});
export type CommunitySummary = Static<typeof CommunitySummary>;
export const CommunityList = Type.Array(CommunitySummary);
export type CommunityList = Static<typeof CommunityList>;

/** The orders of a list of communities (issue 27); without one, by name. */
export const CommunitySort = Type.Union(
  [Type.Literal('name'), Type.Literal('members'), Type.Literal('newest'), Type.Literal('upcoming')],
  {
    description:
      'name (A–Z, the default), members (most first), newest (created last first), upcoming (most upcoming events first)',
  },
);
export type CommunitySort = Static<typeof CommunitySort>;

/** GET api/community/base/{id}?countryId=&search=&sort= */
export const CommunityListQuery = Type.Object({
  countryId: Type.Optional(Id),
  search: Type.Optional(SingleLine(100)),
  sort: Type.Optional(CommunitySort),
});
export type CommunityListQuery = Static<typeof CommunityListQuery>;

/** A core member as the public detail shows them: `id` is the API's user id, not the Firebase uid. */
export const PublicCoreMember = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  imageUrl: Type.String(),
  responsibleForCommunity: Type.Boolean({ description: 'true for the community lead' }),
});
export type PublicCoreMember = Static<typeof PublicCoreMember>;

/** GET api/community/{id}, and the answer of create and edit. */
export const CommunityDetail = Type.Composite([
  CommunitySummary,
  Type.Object({
    coreMembers: Type.Array(PublicCoreMember),
    /**
     * Issue 27: when an admin archived it (null: active). An archived community is in no list; its
     * page stays, saying so. Optional in the type only so older answers still read.
     */
    archivedAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  }),
]);
export type CommunityDetail = Static<typeof CommunityDetail>;

/** POST api/community and PUT api/community/{id}. */
export const CommunityInput = Type.Object({
  name: Name(120),
  description: OptionalText(5000),
  imageUrl: ImageUrl,
  /** An uploaded image (POST api/images) for the logo and the cover; null removes it; left out: unchanged. */
  logoImageId: Type.Optional(ImageIdField),
  coverImageId: Type.Optional(ImageIdField),
  countryId: Id,
  communityBaseId: CommunityBaseIdInput,
  /** Issue 28: left out, public when creating and unchanged when editing. */
  visibility: Type.Optional(VisibilitySchema),
});
export type CommunityInput = Static<typeof CommunityInput>;

/** PUT (join) and DELETE (leave) api/communitymembership/{communityId}. */
export const MembershipAnswer = Type.Object({ communityId: Type.Integer(), member: Type.Boolean() });
export type MembershipAnswer = Static<typeof MembershipAnswer>;
