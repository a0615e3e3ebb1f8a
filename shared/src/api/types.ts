/**
 * Shapes of the API's camelCase JSON answers used by the typed clients. SPEC §3 names only a
 * few fields; the rest mirror the API's response schemas (api/src/http/schemas.ts and the route
 * files named below) and must be kept in step with them.
 */

/** SPEC §3/§9: community base ids. */
export enum CommunityBaseId {
  Community = 1,
  Network = 2,
}

/** A core member as the public community detail shows them (API `PublicCoreMember`). */
export interface CommunityCoreMember {
  /** The API's user id (a number), not the Firebase uid of UserInfo.userId. */
  id: number;
  firstName: string;
  lastName: string;
  imageUrl: string;
  /** true for the community lead */
  responsibleForCommunity: boolean;
}

/** Each item of GET api/community/base/{id} (API `CommunitySummary`), and the base of GET api/community/{id}. */
export interface Community {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  countryId: number;
  countryName: string;
  /** 1 community, 2 network (SPEC §3); typed as number because the API may add bases. */
  communityBaseId: CommunityBaseId | number;
  memberCount: number;
  /** Present on the detail answer (GET api/community/{id}); lists leave it out. */
  coreMembers?: CommunityCoreMember[];
  /** Present on the detail answer only. */
  upcomingEventCount?: number;
}

/** GET api/communitybase/{id} */
export interface CommunityBase {
  id: CommunityBaseId | number;
  name: string;
}

/** One row of GET api/community (api/src/routes/community.ts): how many communities and networks a country has. */
export interface CountryOverview {
  countryId: number;
  countryName: string;
  /** communities (base 1) in this country */
  communities: number;
  /** networks (base 2) in this country */
  networks: number;
}

/** PUT / DELETE api/communitymembership/{communityId} (api/src/routes/community-membership.ts). */
export interface MembershipAnswer {
  communityId: number;
  member: boolean;
}

/** The `{ message }` answer of the account e-mail calls (activate-account, reset-password). */
export interface MessageAnswer {
  message: string;
}

/** GET api/bunit */
export interface BusinessUnit {
  id: number;
  name: string;
}
