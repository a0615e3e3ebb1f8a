/**
 * SPEC §3's numbers as the API sends them. Plain objects, not TypeBox and not TS `enum`s: this
 * module is imported for its values by `@hub/shared`, which every page loads first, so it must not
 * pull TypeBox in, and plain objects also run under Node's type stripping.
 */

export const Role = { Admin: 0, CoreMember: 1, Capgemini: 2, External: 3, Anonymous: 4 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const Permission = { AdminAccess: 0, CoreMemberAccess: 1, CapgeminiAccess: 2, UserAccess: 3 } as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

/** What `POST api/user/sync` answers. */
export const SyncCode = {
  NoSyncNeeded: 0,
  UserCreated: 1,
  UserUpdated: 2,
  MappingsCreated: 3,
  InvalidAuthUserId: 4,
  InvalidEmail: 5,
  Error: 6,
} as const;
export type SyncCode = (typeof SyncCode)[keyof typeof SyncCode];

/** The two community bases: communities and networks. */
export const CommunityBaseId = { Community: 1, Network: 2 } as const;
export type CommunityBaseId = (typeof CommunityBaseId)[keyof typeof CommunityBaseId];
