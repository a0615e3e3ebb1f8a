// jsdom does not provide TextEncoder/TextDecoder, which react-router reads at module load.
// Imported first by the test helpers; harmless if the jest setup already provides them.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
