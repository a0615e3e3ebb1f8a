import { useState } from 'react';
import {
  authStatusAtom,
  refreshUserInfo,
  sessionSetupAtom,
  userInfoAtom,
  type UserInfo,
  useAtomValue,
} from '@hub/shared';

export type SessionUserState =
  { status: 'loading' } | { status: 'failed'; retry: () => void } | { status: 'ready'; user: UserInfo };

/**
 * The signed-in user's info for the personal screens. While the session is being set up it is
 * still loading; a signed-in user left with the anonymous fallback (SPEC §8: the user fetch
 * failed) gets a failure with a retry rather than an empty profile.
 */
export function useSessionUser(): SessionUserState {
  const status = useAtomValue(authStatusAtom);
  const settingUp = useAtomValue(sessionSetupAtom);
  const user = useAtomValue(userInfoAtom);
  const [retrying, setRetrying] = useState(false);

  if (user.userId !== '') return { status: 'ready', user };
  if (status === 'loading' || settingUp || retrying) return { status: 'loading' };
  return {
    status: 'failed',
    retry: () => {
      setRetrying(true);
      void refreshUserInfo()
        .catch(() => undefined)
        .finally(() => setRetrying(false));
    },
  };
}
