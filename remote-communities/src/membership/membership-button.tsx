import { Button, type ButtonProps } from '@fluentui/react-components';
import { PeopleAddRegular, PersonDeleteRegular } from '@fluentui/react-icons';
import type { CommunitySummary } from '@hub/shared';
import { NeedsNetwork } from '@hub/ui/needs-network';
import { useMembershipToggle } from './use-membership-toggle';

export interface MembershipButtonProps {
  community: CommunitySummary;
  size?: ButtonProps['size'];
}

/** Join / Leave for one community; its accessible name carries the community's name (several sit on one page). */
export function MembershipButton({ community, size }: MembershipButtonProps) {
  const { isMember, busy, loading, label, toggle } = useMembershipToggle(community);
  return (
    <NeedsNetwork action={isMember ? 'Leaving' : 'Joining'}>
      {(offline) => (
        <Button
          appearance={isMember ? 'secondary' : 'primary'}
          size={size}
          icon={isMember ? <PersonDeleteRegular /> : <PeopleAddRegular />}
          disabled={busy || loading}
          disabledFocusable={offline}
          aria-label={`${label} ${community.name}`}
          onClick={() => void toggle()}
        >
          {label}
        </Button>
      )}
    </NeedsNetwork>
  );
}
