import { queryClient, setAppConfig, setIdTokenProvider } from '@hub/shared';

/** Per-test API set-up: a known base address, a token, an empty shared cache and quiet error logs. */
export function installApiTestSetup() {
  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    setIdTokenProvider(async () => 'id-token');
    queryClient.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
}
