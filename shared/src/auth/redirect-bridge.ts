/**
 * The work-account redirect bridge (MSAL v5): the page the identity provider returns to
 * (`msal.redirectUri`, served as /auth/redirect.html by the host) hands the answer to the window
 * that started the sign-in — the opener of a popup, or, for a redirect, the page the sign-in began
 * on (through session storage). A separate entry point: it must stay tiny and load nothing else.
 */
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

export function runRedirectBridge(): Promise<void> {
  return broadcastResponseToMainFrame();
}
