import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { getAppConfig } from '../config/app-config';
import { logger } from '../logging/logger';
import { hubStore } from '../store/hub-store';
import { loadFirebase } from './firebase-loader';
import { workSignInErrorAtom } from './auth-state';
import { IdentityError, toIdentityError } from './identity-error';
import { setSyncPending, storeWorkTokens, workRawNonceKey } from './session-storage';

/** SPEC §4/§9: the work provider is asked for an account choice and the User.Read scope. */
export const workAccountScopes = ['User.Read'];
export const workAccountPrompt = 'select_account';
/**
 * The OIDC 'email' scope puts the address in the ID token; Firebase takes the account's e-mail
 * from there, and the API's sync matches it against the Graph profile (code 5 when it is missing).
 */
const identityScopes = ['email'];

let msal: Promise<IPublicClientApplication> | null = null;

/** MSAL (about 77 KB gzip) is loaded only when the work-account sign-in is used. */
function loadMsal(): Promise<IPublicClientApplication> {
  msal ??= (async () => {
    const { createStandardPublicClientApplication } = await import('@azure/msal-browser');
    const { clientId, authority, redirectUri, knownAuthorities, protocolMode } = getAppConfig().msal;
    return createStandardPublicClientApplication({
      auth: { clientId, authority, redirectUri, ...(knownAuthorities ? { knownAuthorities } : {}) },
      // The tab's life only; MSAL never logs tokens, and its logger stays at its default (errors).
      cache: { cacheLocation: 'sessionStorage' },
      system: { ...(protocolMode ? { protocolMode } : {}) },
    });
  })();
  msal.catch(() => {
    msal = null;
  });
  return msal;
}

/** MSAL, if it was loaded in this page (sign-out clears its accounts through it). */
export async function loadedMsal(): Promise<IPublicClientApplication | null> {
  return msal ? msal.catch(() => null) : null;
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The nonce sent to the work provider is the SHA-256 of a random value; Firebase checks the ID
 * token's nonce against that value (`rawNonce`). The value survives a redirect in session storage.
 */
async function newNonce(): Promise<string> {
  const raw = hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
  sessionStorage.setItem(workRawNonceKey, raw);
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(raw)));
}

/**
 * Signs the work account's ID token into Firebase (`oidc.<id>` provider) and keeps its access
 * and ID tokens as the `msfAccessToken` and `msfIdToken` of the user sync. The session flow takes over from there.
 */
async function completeWorkSignIn(result: AuthenticationResult): Promise<void> {
  const { auth, sdk } = await loadFirebase();
  const rawNonce = sessionStorage.getItem(workRawNonceKey) ?? undefined;
  sessionStorage.removeItem(workRawNonceKey);
  // The API grants the staff role only for an ID token of the company's tenant for our client, whose
  // object id is the Graph profile's: it gets both tokens.
  storeWorkTokens(result.accessToken, result.idToken);
  // Every work sign-in syncs, so that the API can grant the staff role from the Graph profile.
  setSyncPending();
  const provider = new sdk.OAuthProvider(getAppConfig().firebase.oidcProviderId);
  await sdk.signInWithCredential(
    auth,
    provider.credential({ idToken: result.idToken, ...(rawNonce ? { rawNonce } : {}) }),
  );
}

/**
 * Work-account sign-in (SPEC §4). 'popup' resolves once the user is signed in; 'redirect' leaves
 * the page for the provider and finishes on return, in `completeWorkRedirect` at start-up.
 */
export async function signInWithWorkAccount(mode: 'popup' | 'redirect'): Promise<void> {
  hubStore.set(workSignInErrorAtom, null);
  try {
    const [client] = await Promise.all([loadMsal(), loadFirebase()]);
    const request = {
      scopes: workAccountScopes,
      extraScopesToConsent: identityScopes,
      prompt: workAccountPrompt,
      nonce: await newNonce(),
    };
    if (mode === 'redirect') {
      await client.loginRedirect({ ...request, redirectStartPage: window.location.href });
      return;
    }
    let result: AuthenticationResult;
    try {
      result = await client.loginPopup(request);
    } catch (error) {
      // MSAL v5 hears from the popup only through the bridge page, so a popup the user closed shows
      // up as the bridge timing out (after popupBridgeTimeout): say what most likely happened.
      if ((error as { errorCode?: unknown }).errorCode === 'timed_out') throw new IdentityError('popup-closed', error);
      throw error;
    }
    await completeWorkSignIn(result);
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** On a page load that carries a work-account redirect answer: finish the sign-in (`handleRedirectPromise`). */
export async function completeWorkRedirect(): Promise<void> {
  try {
    const client = await loadMsal();
    const result = await client.handleRedirectPromise();
    if (result) await completeWorkSignIn(result);
  } catch (error) {
    const failure = toIdentityError(error);
    logger.error('Work-account sign-in failed', failure.code);
    hubStore.set(workSignInErrorAtom, failure);
  }
}

/** Test seam. */
export function resetMsalForTests(): void {
  msal = null;
}
