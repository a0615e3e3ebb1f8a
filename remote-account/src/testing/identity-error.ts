import { IdentityError, type IdentityErrorCode } from '@hub/shared';

/** The shared identity layer's error (with its user-facing message), for mocked identity functions to reject with. */
export function identityError(code: IdentityErrorCode, message?: string): IdentityError {
  return new IdentityError(code, undefined, message);
}

/** A promise the test settles when it wants to. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
