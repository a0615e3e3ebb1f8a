import { IdentityError, type IdentityErrorCode } from '@hub/shared';

/** The shared identity layer's error (with its user-facing message), for mocked identity functions to reject with. */
export function identityError(code: IdentityErrorCode, message?: string): IdentityError {
  return new IdentityError(code, undefined, message);
}
