// An asynchronous boundary: shared modules (React, the router, @hub/shared…) are negotiated
// by the federation runtime before any of the app's code runs.
// Started from a task of its own: the runtime's start-up (this script) and the shared modules'
// negotiation with the chunk requests (the import) each stay short, where together they were one
// long task on a phone's CPU (Total Blocking Time). The requests leave one task later: no delay.
setTimeout(() => {
  import('./bootstrap').catch((error: unknown) => {
    console.error('Application bootstrapping error', error);
  });
}, 0);
