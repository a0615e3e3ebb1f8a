/**
 * SPEC §7 cache keys, built in one place so readers and invalidators can never disagree on a
 * spelling. A membership change clears `community`, its base's keys and `overview`.
 */
export const cacheKeys = {
  /** GET api/community/{id} */
  community: (id: number | string) => `community:${id}`,
  /** GET api/community */
  overview: () => 'community-overview',
  /** GET api/community/base/{id} */
  communitiesOfBase: (baseId: number | string) => `communities-of-base:${baseId}`,
  /** GET api/communitybase/{id} */
  communityBase: (baseId: number | string) => `community-base:${baseId}`,
} as const;
