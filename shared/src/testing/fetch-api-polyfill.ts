// jsdom has no Request, Response or Headers, which react-router's data routers use (every loader gets a
// Request; `redirect()` builds a Response). Node has them: vm.runInThisContext evaluates in Node's own
// global rather than the test's window, so the tests borrow Node's classes instead of a polyfill package.
// Imported by the tests that need a data router ('@hub/shared/testing/fetch-api-polyfill'), not by the
// jest setup, so the other tests keep jsdom's globals as they are; harmless where they already exist.
import { runInThisContext } from 'node:vm';

if (typeof globalThis.Request === 'undefined') {
  Object.assign(globalThis, runInThisContext('({ Request, Response, Headers })') as object);
}
