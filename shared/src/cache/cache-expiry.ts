/** SPEC §9: a cached GET answer is reused for 10 minutes. */
export const cacheExpiryMs = 600000;
