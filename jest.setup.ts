import '@testing-library/jest-dom';

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

// jsdom has no TextEncoder/TextDecoder, which react-router needs when it loads.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
