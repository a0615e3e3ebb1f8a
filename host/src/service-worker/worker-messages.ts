/** The messages between the page (register-service-worker.ts) and the worker (ngsw-worker.ts). */
export const workerMessages = {
  /** Page → worker: the user chose Reload; the waiting version takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** Worker → page: a file of the running version can be served neither from the cache nor the network. */
  unrecoverable: 'UNRECOVERABLE_STATE',
} as const;
