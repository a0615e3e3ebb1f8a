/** Yields the current identity ID token, or null when nobody is signed in. */
export type IdTokenProvider = () => Promise<string | null>;

const signedOut: IdTokenProvider = async () => null;
let provider: IdTokenProvider = signedOut;

/**
 * The identity layer plugs Firebase's `getIdToken()` in here. `shared` itself never imports an
 * identity SDK, so HTTP stays light and testable. Pass null to go back to "no token".
 */
export function setIdTokenProvider(next: IdTokenProvider | null): void {
  provider = next ?? signedOut;
}

export function getIdToken(): Promise<string | null> {
  return provider();
}
