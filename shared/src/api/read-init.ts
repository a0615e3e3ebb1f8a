import type { ApiFetchInit } from '../http/api-fetch';

export interface ReadOptions {
  /**
   * Ask the API itself rather than any HTTP cache on the way (`cache: 'no-cache'`, an ETag
   * revalidation). A CDN may keep public reads for 30 s (api/src/http/public-cache.ts), so the
   * re-read right after a change of ours must not be answered with the old state.
   */
  fromServer?: boolean;
}

export const readInit = (options: ReadOptions = {}): ApiFetchInit => (options.fromServer ? { cache: 'no-cache' } : {});

/** Path segments come from route parameters: encode them so a stray value cannot change the path. */
export const segment = (id: number | string) => encodeURIComponent(String(id));
