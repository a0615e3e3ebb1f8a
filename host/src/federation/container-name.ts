import type { RemoteName } from '@hub/shared';

/** Federation container names; the short names are aliases used in module ids (`events/routes`). */
export const containerName = (remote: RemoteName) => `hub_${remote}`;
