import { RetryPlugin } from '@module-federation/retry-plugin';
import { takeEarlyManifest } from './early-remote-start';
import { noteRuntimeManifest, takeManifestRead } from './remote-screens';

/**
 * A flaky network gets a couple of quick retries for manifests and entries before the area shows
 * its Retry button; kept short so a remote that is really down is reported within about a second.
 *
 * The first read of the manifest the page's HTML already asked for (early-remote-start.ts) takes
 * that answer instead of a second request (or the host's own read of the remote's screens:
 * remote-screens.ts); if it failed, the read is made as ever, with retries.
 */
export default function hubRetryPlugin() {
  const retry = RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
  const fetchWithRetry = retry.fetch!;
  return {
    ...retry,
    name: 'hub-retry-plugin',
    async fetch(url: string, options: RequestInit) {
      const early = typeof window === 'undefined' ? undefined : (takeEarlyManifest(url) ?? takeManifestRead(url));
      const answer = await early?.catch(() => undefined);
      if (answer?.ok) return answer;
      const read = await fetchWithRetry(url, options);
      // The host reads the remote's screens from the same answer (remote-screens.ts).
      if (typeof window !== 'undefined' && read instanceof Response) noteRuntimeManifest(url, read);
      return read;
    },
  };
}
