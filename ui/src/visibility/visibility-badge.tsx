import type { ReactElement } from 'react';
import { Badge } from '@fluentui/react-components';
import { EyeOffRegular, LockClosedRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { VISIBILITY_BADGE, type Visibility } from '@hub/contract/visibility';

const ICONS: Record<Exclude<Visibility, 'public'>, ReactElement> = {
  staff: <LockClosedRegular />,
  members: <PeopleTeamRegular />,
  unlisted: <EyeOffRegular />,
};

/**
 * Who may see a community or an event (issue 28): "Staff only", "Members only" or "Unlisted" on its
 * card and page; nothing for a public one (what everything was before). One badge for every screen,
 * its words from the contract.
 */
export function VisibilityBadge({ visibility }: { visibility: Visibility | undefined }) {
  if (!visibility || visibility === 'public') return null;
  return (
    <Badge appearance="tint" color="important" icon={ICONS[visibility]} data-visibility={visibility}>
      {VISIBILITY_BADGE[visibility]}
    </Badge>
  );
}
