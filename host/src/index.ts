// An asynchronous boundary: shared modules (React, the router, @hub/shared…) are negotiated
// by the federation runtime before any of the app's code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Application bootstrapping error', error);
});
