import { hubStore } from '../store/hub-store';
import { authStatusAtom } from './auth-state';

/** SPEC §9: navigation waits for the auth loading flag at most this long. */
export const authLoadingWaitMs = 5000;

/**
 * Resolves once the auth status is no longer 'loading', or after `timeoutMs` — navigation goes
 * on either way (SPEC §2), so this never rejects.
 */
export function waitForAuthReady(timeoutMs: number = authLoadingWaitMs, store = hubStore): Promise<void> {
  if (store.get(authStatusAtom) !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.sub(authStatusAtom, () => {
      if (store.get(authStatusAtom) !== 'loading') done();
    });
  });
}
