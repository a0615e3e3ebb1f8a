/**
 * Shapes of the API's camelCase JSON answers used by the typed clients. SPEC §3 names only a
 * few fields; the rest follow the API's tables (api/src/db/schema.ts) and are to be kept in step
 * with the API's response schemas.
 */

/** SPEC §3/§9: community base ids. */
export enum CommunityBaseId {
  Community = 1,
  Network = 2,
}

export interface CommunityCoreMember {
  userId: string;
  firstName: string;
  lastName: string;
  imageURL?: string;
  responsibleForCommunity: boolean;
}

/** GET api/community/{id}, and each item of GET api/community/base/{id}. */
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
  /** Present on the detail answer; lists may leave it out. */
  coreMembers?: CommunityCoreMember[];
}

/** GET api/communitybase/{id} */
export interface CommunityBase {
  id: CommunityBaseId | number;
  name: string;
}

/** One row of GET api/community: how many communities and networks a country has. */
export interface CountryOverview {
  countryId: number;
  countryName: string;
  communityCount: number;
  networkCount: number;
}

/** GET api/bunit */
export interface BusinessUnit {
  id: number;
  name: string;
}
