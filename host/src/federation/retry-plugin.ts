import { RetryPlugin } from '@module-federation/retry-plugin';

/**
 * A flaky network gets a couple of quick retries for manifests and entries before the area shows
 * its Retry button; kept short so a remote that is really down is reported within about a second.
 */
export default function hubRetryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
}
