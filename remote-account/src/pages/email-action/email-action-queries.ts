import { queryOptions } from '@tanstack/react-query';
import { applyEmailVerificationCode, verifyPasswordResetCode } from '@hub/shared';

/**
 * The identity provider's e-mail link checks, through the one query cache. A code works once, so
 * each code's answer is kept for the page's life (`staleTime`/`gcTime` Infinity): a re-render, a
 * second mount (React's development double effects) or a focus change reuses the first attempt
 * instead of failing as "already used". A failure is not kept: Retry (refetch) tries again.
 */
const once = { staleTime: Infinity, gcTime: Infinity, retry: false } as const;

/** Applies a verification link's code (the one write here; idempotent per code thanks to the cache). */
export const emailVerificationQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['identity', 'verify-email', oobCode] as const,
    queryFn: async () => {
      await applyEmailVerificationCode(oobCode);
      return true as const;
    },
    ...once,
  });

/** Checks a password-reset link's code; answers the account's e-mail address. */
export const passwordResetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['identity', 'reset-code', oobCode] as const,
    queryFn: () => verifyPasswordResetCode(oobCode),
    ...once,
  });
