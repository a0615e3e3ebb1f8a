import { Body1 } from '@fluentui/react-components';
import { VISIBILITY_EXPLANATION, type Visibility } from '@hub/contract/visibility';

/** What a members-only community says of how others get in (issue 28: by its link, or by asking through it). */
export const MEMBERS_JOIN_SENTENCE = 'Others join through an invitation link its core members share.';

/**
 * Who can see a community, in one sentence beside its badge (issue 28), on its page and on its
 * invitation link's page; the same words as the community form's choice. Nothing for a public one,
 * as the badge shows nothing for it (what everything was before).
 */
export function AudienceSentence({
  visibility,
  className,
}: {
  visibility: Visibility | undefined;
  className?: string;
}) {
  if (!visibility || visibility === 'public') return null;
  const sentence = VISIBILITY_EXPLANATION.community[visibility];
  return (
    <Body1 as="p" block className={className} data-audience={visibility}>
      {visibility === 'members' ? `${sentence} ${MEMBERS_JOIN_SENTENCE}` : sentence}
    </Body1>
  );
}
