import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { fakeServer, resetFakeApi } from './ui/src/testing/fake-api';
import { restoreTouchedState } from './ui/src/testing/store-restore';

// Values the webpack build defines for every app.
Object.assign(globalThis, {
  __HUB_BUILD_ID__: 'test-build',
  __HUB_REMOTE_NAME__: 'test',
  __HUB_FAULT_INJECTION__: false,
});

// jsdom lacks matchMedia, which Fluent and the theme preference read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy/waitFor give up after 1 s by default; on a loaded machine Fluent and jsdom can take longer.
configure({ asyncUtilTimeout: 5000 });

/*
 * What leaves the page is a jest.fn in every test, so a test scripts it
 * (`jest.mocked(signInWithPassword).mockResolvedValue(...)`) and checks what was asked without
 * restating this block in every file: the identity provider's calls and the user refresh do
 * nothing unless scripted; the dialogs call the real queue (the host's dialog tests render it).
 */
// shared's own tests load its files themselves (its barrel included): they see the real ones.
const testingShared = /[\\/]shared[\\/]src[\\/]/.test(expect.getState().testPath ?? '');
if (!testingShared) {
  jest.mock('@hub/shared', () => {
    const actual = jest.requireActual('@hub/shared');
    const callThrough = (name: string) => jest.fn((...args: unknown[]) => actual[name](...args));
    const inert = [
      'refreshUserInfo',
      'logout',
      'signInWithPassword',
      'signInWithWorkAccount',
      'registerWithPassword',
      'resendVerificationEmail',
      'applyEmailVerificationCode',
      'verifyPasswordResetCode',
      'confirmNewPassword',
    ];
    return {
      ...actual,
      showAlert: callThrough('showAlert'),
      showConfirm: callThrough('showConfirm'),
      ...Object.fromEntries(inert.map((name) => [name, jest.fn()])),
    };
  });
}

// The fake network (msw) runs for every test; a request nobody routed answers 404 like the API.
beforeAll(() => fakeServer.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  resetFakeApi();
  restoreTouchedState();
});
afterAll(() => fakeServer.close());
