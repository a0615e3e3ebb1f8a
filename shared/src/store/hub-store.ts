import { createStore } from 'jotai/vanilla';

/**
 * The one jotai store of the whole site. The host mounts it with <Provider store={hubStore}>
 * and every remote reads and writes the same instance because `@hub/shared` and `jotai` are
 * federation singletons. Code outside React (auth flow, dialogs API) uses it directly.
 */
export const hubStore = createStore();
export type HubStore = typeof hubStore;
