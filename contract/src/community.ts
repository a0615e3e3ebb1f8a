/** Communities and networks: overview, lists, detail, the admin form's body, membership answers. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, Name, OptionalText } from './common.ts';
import { CommunityBaseId } from './enums.ts';

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
export const CommunitySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  // An integer, not the enum: a base added to the database must not make every answer fail to serialise.
  communityBaseId: Type.Integer({ description: '1 community, 2 network' }),
  memberCount: Type.Integer(),
});
export type CommunitySummary = Static<typeof CommunitySummary>;
export const CommunityList = Type.Array(CommunitySummary);
export type CommunityList = Static<typeof CommunityList>;

/** GET api/community/base/{id}?countryId= */
export const CommunityListQuery = Type.Object({ countryId: Type.Optional(Id) });
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
    upcomingEventCount: Type.Integer(),
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
  countryId: Id,
  communityBaseId: CommunityBaseIdInput,
});
export type CommunityInput = Static<typeof CommunityInput>;

/** PUT (join) and DELETE (leave) api/communitymembership/{communityId}. */
export const MembershipAnswer = Type.Object({ communityId: Type.Integer(), member: Type.Boolean() });
export type MembershipAnswer = Static<typeof MembershipAnswer>;
