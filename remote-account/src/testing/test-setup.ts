import { requestCache, setAppConfig, setIdTokenProvider } from '@hub/shared';

/** Per-test API set-up: a known base address, a token, an empty cache and quiet error logs. */
export function installApiTestSetup() {
  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    setIdTokenProvider(async () => 'id-token');
    requestCache.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
}
