// /auth/redirect.html: where the work-account provider sends its answer (see @hub/shared/redirect-bridge).
import { runRedirectBridge } from '@hub/shared/redirect-bridge';

runRedirectBridge().catch((error: unknown) => {
  const message = document.getElementById('message');
  if (message) message.textContent = 'Sign-in could not be completed. Close this window and try again.';
  console.error('Work-account sign-in could not be completed', error);
});
