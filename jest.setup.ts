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
 * What leaves the page (the identity provider, the dialogs the host renders, the user refresh)
 * is a jest.fn in every test, calling the real function unless the test scripts it
 * (`jest.mocked(showConfirm).mockResolvedValue(true)`), so a test can check what was asked
 * without restating this block in every file.
 */
jest.mock('@hub/shared', () => {
  const actual = jest.requireActual('@hub/shared');
  const callThrough = (name: string) => jest.fn((...args: unknown[]) => actual[name](...args));
  const scripted = [
    'showAlert',
    'showConfirm',
    'refreshUserInfo',
    'signInWithPassword',
    'signInWithWorkAccount',
    'registerWithPassword',
    'resendVerificationEmail',
    'applyEmailVerificationCode',
    'verifyPasswordResetCode',
    'confirmNewPassword',
    'logout',
  ];
  return { ...actual, ...Object.fromEntries(scripted.filter((name) => name in actual).map((name) => [name, callThrough(name)])) };
});

// The fake network (msw) runs for every test; a request nobody routed answers 404 like the API.
beforeAll(() => fakeServer.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  resetFakeApi();
  restoreTouchedState();
});
afterAll(() => fakeServer.close());
