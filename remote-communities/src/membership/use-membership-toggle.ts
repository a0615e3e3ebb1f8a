import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  authStatusAtom,
  isCommunityLead,
  isCoreMemberOf,
  rememberLastVisited,
  routePaths,
  sessionSetupAtom,
  showAlert,
  showConfirm,
  useChangeMembership,
  userInfoAtom,
  type CommunitySummary,
  type MembershipAction,
  type UserInfo,
  useAtomValue,
} from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import { membershipTexts } from '../texts/membership-texts';
import { membershipErrorMessage } from './membership-error-message';
import { rememberPendingJoin, takePendingJoin } from './pending-join';

export interface MembershipToggle {
  /** SPEC §4: true until the first community data arrives. */
  loading: boolean;
  /** The signed-in user is a member of the community. */
  isMember: boolean;
  /** A confirmation or request is under way: the button is disabled (no double submit). */
  busy: boolean;
  /** The button's text: 'Join' or 'Leave'. */
  label: string;
  toggle: () => Promise<void>;
}

/** What the last successful change said, valid only while the user info is the one it was made with. */
interface Answered {
  user: UserInfo;
  communityId: number;
  member: boolean;
}

/**
 * SPEC §4 community membership toggle over `useChangeMembership`: join (PUT) or leave (DELETE);
 * leaving as a core member of the community asks first; on success the mutation has re-read the
 * community, its base and the overview and refreshed the user info; failures are shown in the
 * shared Alert dialog with SPEC §8's texts. An anonymous visitor who presses Join goes to log in
 * and comes back to this page, where the join is finished (the intent is kept in session storage).
 */
export function useMembershipToggle(community: CommunitySummary | undefined): MembershipToggle {
  const user = useAtomValue(userInfoAtom);
  const authStatus = useAtomValue(authStatusAtom);
  const settingUpSession = useAtomValue(sessionSetupAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const { mutateAsync } = useChangeMembership();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [loading, setLoading] = useState(community === undefined);
  if (loading && community !== undefined) setLoading(false);

  const communityId = community?.id;
  const isMember =
    communityId === undefined
      ? false
      : answered && answered.user === user && answered.communityId === communityId
        ? answered.member
        : user.memberOfCommunities.some((m) => m.communityId === communityId);

  const change = useCallback(
    async (target: CommunitySummary, action: MembershipAction) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      try {
        if (action === 'leave' && isCoreMemberOf(user, target.id)) {
          const lead = isCommunityLead(user, target.id);
          const yes = await showConfirm({
            title: membershipTexts.leaveTitle(target.name),
            subtitle: lead
              ? `${membershipTexts.leaveAsLead(target.name)} ${membershipTexts.leaveAsCoreMemberConfirm}`
              : membershipTexts.leaveAsCoreMemberConfirm,
          });
          if (!yes) return;
        }
        try {
          await mutateAsync({ action, communityId: target.id, baseId: target.communityBaseId });
        } catch (error) {
          void showAlert({ error: true, title: membershipErrorMessage(error, action) });
          return;
        }
        setAnswered({ user, communityId: target.id, member: action === 'join' });
        showToast({
          intent: 'success',
          title: action === 'join' ? membershipTexts.joined(target.name) : membershipTexts.left(target.name),
        });
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [user, mutateAsync],
  );

  const toggle = useCallback(async () => {
    // While the sign-in state is still settling nobody knows yet whether to log in: wait (the button is disabled).
    if (!community || authStatus === 'loading') return;
    if (authStatus !== 'loggedIn') {
      rememberLastVisited(here);
      rememberPendingJoin(community.id, here);
      void navigate(routePaths.login());
      return;
    }
    await change(community, isMember ? 'leave' : 'join');
  }, [community, authStatus, here, navigate, change, isMember]);

  // Back from the login that a Join sent the visitor to: finish that join once the user info
  // (and with it the memberships) is known. Already a member: nothing to do.
  const ready = authStatus === 'loggedIn' && !settingUpSession && community !== undefined;
  useEffect(() => {
    if (!ready || !community || !takePendingJoin(community.id, here)) return;
    if (!user.memberOfCommunities.some((m) => m.communityId === community.id)) void change(community, 'join');
  }, [ready, community, here, user, change]);

  return {
    loading,
    isMember,
    busy: busy || authStatus === 'loading',
    label: isMember ? membershipTexts.leave : membershipTexts.join,
    toggle,
  };
}
