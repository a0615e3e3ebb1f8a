// jsdom stands in for the browser but lacks the fetch API family, which msw (the tests' fake
// network), the shared HTTP client and react-router's data routers need. Node has all of them:
// vm.runInThisContext evaluates in Node's own global rather than the test's window, so the tests
// borrow Node's classes instead of a polyfill package. AbortController comes along because
// Node's Request accepts only Node's AbortSignal. Runs before the test framework (setupFiles).
const { runInThisContext } = require('node:vm');

const fromNode = runInThisContext(`({
  fetch, Request, Response, Headers, FormData, Blob, File,
  AbortController, AbortSignal,
  ReadableStream, WritableStream, TransformStream,
  TextEncoder, TextDecoder, BroadcastChannel, structuredClone,
})`);

for (const [name, value] of Object.entries(fromNode)) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}
