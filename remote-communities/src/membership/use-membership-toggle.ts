import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import {
  authStatusAtom,
  isCommunityLead,
  isCoreMemberOf,
  joinCommunity,
  leaveCommunity,
  logger,
  refreshCommunityReads,
  refreshUserInfo,
  rememberLastVisited,
  routePaths,
  showAlert,
  showConfirm,
  userInfoAtom,
  type CommunitySummary,
  type UserInfo,
} from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import { membershipTexts } from '../texts/membership-texts';
import { membershipErrorMessage } from './membership-error-message';

export interface MembershipToggleOptions {
  /** Called after a successful join or leave (the clients have cleared the caches): reload what shows counts. */
  onChanged?: () => void;
}

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
 * SPEC §4 community membership toggle: join (PUT) or leave (DELETE); leaving as a core member of
 * the community asks first; on success the caches are cleared (by the clients), the community's
 * counts re-read from the server and the user info refreshed; failures are shown in the shared Alert dialog with SPEC §8's texts. An anonymous
 * visitor who presses Join goes to log in and comes back to this page afterwards.
 */
export function useMembershipToggle(
  community: CommunitySummary | undefined,
  { onChanged }: MembershipToggleOptions = {},
): MembershipToggle {
  const user = useAtomValue(userInfoAtom);
  const authStatus = useAtomValue(authStatusAtom);
  const navigate = useNavigate();
  const location = useLocation();
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

  const toggle = useCallback(async () => {
    // While the sign-in state is still settling nobody knows yet whether to log in: wait (the button is disabled).
    if (!community || inFlight.current || authStatus === 'loading') return;
    if (authStatus !== 'loggedIn') {
      rememberLastVisited(`${location.pathname}${location.search}${location.hash}`);
      void navigate(routePaths.login());
      return;
    }
    const action = isMember ? 'leave' : 'join';
    inFlight.current = true;
    setBusy(true);
    try {
      if (action === 'leave' && isCoreMemberOf(user, community.id)) {
        const lead = isCommunityLead(user, community.id);
        const yes = await showConfirm({
          title: membershipTexts.leaveTitle(community.name),
          subtitle: lead
            ? `${membershipTexts.leaveAsLead(community.name)} ${membershipTexts.leaveAsCoreMemberConfirm}`
            : membershipTexts.leaveAsCoreMemberConfirm,
        });
        if (!yes) return;
      }
      const change = action === 'leave' ? leaveCommunity : joinCommunity;
      try {
        await change(community.id, { baseId: community.communityBaseId });
      } catch (error) {
        void showAlert({ error: true, title: membershipErrorMessage(error, action) });
        return;
      }
      setAnswered({ user, communityId: community.id, member: action === 'join' });
      showToast({
        intent: 'success',
        title: action === 'join' ? membershipTexts.joined(community.name) : membershipTexts.left(community.name),
      });
      try {
        await Promise.all([
          refreshUserInfo(),
          // The clients cleared the cached counts; re-read them past the browser's HTTP cache.
          refreshCommunityReads(community.id, community.communityBaseId),
        ]);
      } catch (error) {
        // The change itself worked; the answer above keeps the button right until the next refresh.
        logger.warn('Refreshing the user info or the counts after a membership change failed.', error);
      }
      onChanged?.();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [community, authStatus, isMember, user, location, navigate, onChanged]);

  return {
    loading,
    isMember,
    busy: busy || authStatus === 'loading',
    label: isMember ? membershipTexts.leave : membershipTexts.join,
    toggle,
  };
}
