import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';

/**
 * What every test of the HTTP layer as an anonymous visitor sets up and takes down around each test:
 * the API at `http://api.test/`, no token, and the console's errors, warnings and debug lines
 * silenced (the tests provoke failures). After each test, real timers and every spy restored. Call
 * once at the top of a test file.
 */
export function setUpAnonymousFetch(): void {
  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    setIdTokenProvider(null);
    for (const level of ['error', 'warn', 'debug'] as const)
      jest.spyOn(console, level).mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}
