import { useParams } from 'react-router';
import { Body1, Button, makeStyles, mergeClasses, Text, Title1, tokens } from '@fluentui/react-components';
import { PeopleAddRegular } from '@fluentui/react-icons';
import {
  routePaths,
  showAlert,
  toNormalisedError,
  useAnswerInvitation,
  useInvitationView,
  type InvitationView,
} from '@hub/shared';
import { formatDate } from '@hub/ui/date-time';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink } from '@hub/ui/router-link';
import { showToast } from '@hub/ui/show-toast';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageTitle } from '@hub/ui/use-page-title';
import { CommunityFace } from '../../components/community-face';
import { CommunityFacts } from '../../components/community-facts';

const useStyles = makeStyles({
  // The face no wider than a phone's screen on a desktop: the page is one short column.
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '40rem' },
});

/**
 * A members-only community's invitation link (`/community-invitation/:token`, issue 28), for the
 * signed-in (the host's guard sends an anonymous visitor to sign in and back here). It shows the
 * community's face and who can see it, and offers to join at once or to ask its core members, as
 * the link says; then where the person stands (asked, declined and from when they may ask again,
 * member). A link that does not work says so, whatever the reason, as the API does.
 */
export function CommunityInvitationPage() {
  const page = usePageStyles();
  const token = useParams().token ?? '';
  const view = useInvitationView(token);
  const error = view.isError ? toNormalisedError(view.error) : null;
  const broken = error?.status === 404;
  usePageTitle(view.data ? `Invitation to ${view.data.community.name}` : 'Invitation');

  if (view.data) return <InvitationFace token={token} view={view.data} />;
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="invitation-title">
      <Title1 as="h1" block id="invitation-title" className={page.heading}>
        Invitation
      </Title1>
      {broken ? (
        <>
          <Notice title="This invitation link does not work" intent="warning">
            It may have been replaced by a newer one or stopped. Ask the core member who shared it for the current link.
          </Notice>
          <div className={page.actions}>
            <RouterButtonLink to={routePaths.communities()}>All communities</RouterButtonLink>
          </div>
        </>
      ) : error ? (
        <LoadFailure title="Could not open the invitation" error={error} onRetry={() => void view.refetch()} />
      ) : (
        <RowsSkeleton label="Opening the invitation" count={4} />
      )}
    </section>
  );
}

function InvitationFace({ token, view }: { token: string; view: InvitationView }) {
  const page = usePageStyles();
  const styles = useStyles();
  const { community } = view;
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="invitation-title">
      <header className={page.header}>
        <Text>You are invited to</Text>
        <Title1 as="h1" block id="invitation-title" className={page.heading}>
          {community.name}
        </Title1>
        <CommunityFacts community={community} base={undefined} country={<Text>{community.countryName}</Text>} />
      </header>
      <div className={styles.column}>
        <CommunityFace community={community} sizes="(min-width: 40rem) 40rem, 100vw" />
        <WhereYouStand token={token} view={view} />
      </div>
    </section>
  );
}

/** The one thing the person can do next, or what they are waiting for. */
function WhereYouStand({ token, view }: { token: string; view: InvitationView }) {
  const page = usePageStyles();
  const { community, request } = view;
  const answer = useAnswerInvitation(token, community.communityBaseId);
  const open = (
    <RouterButtonLink to={routePaths.communityDetail(community.id)} appearance="primary">
      Open {community.name}
    </RouterButtonLink>
  );
  if (view.member)
    return (
      <Notice title="You are a member" intent="success" actions={open}>
        {`Its page and its members-only events are open to you.`}
      </Notice>
    );
  if (view.archived)
    return (
      <Notice title="Archived" intent="warning">
        This community is archived: it takes no new members.
      </Notice>
    );
  if (request?.status === 'pending')
    return (
      <Notice title="You asked to join" intent="info">
        {`You asked on ${formatDate(request.askedAt)}. Its core members approve or decline requests; you get a mail either way.`}
      </Notice>
    );
  if (request?.status === 'declined' && request.canAskAgainAt)
    return (
      <Notice title="Your request was declined" intent="warning">
        {`A core member declined it${request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ''}. You can ask again from ${formatDate(request.canAskAgainAt)}.`}
      </Notice>
    );

  const joinsAtOnce = view.mode === 'join';
  const onClick = async () => {
    try {
      const done = await answer.mutateAsync();
      showToast({
        intent: 'success',
        title: done.outcome === 'member' ? `You joined ${community.name}` : `You asked to join ${community.name}`,
      });
    } catch (error) {
      void showAlert({
        error: true,
        title: 'Could not use the invitation',
        subtitle: toNormalisedError(error).message,
      });
    }
  };
  return (
    <div className={page.section}>
      <Body1 as="p" block className={page.text}>
        {joinsAtOnce
          ? 'This link makes you a member at once: you then see its page and its members-only events.'
          : 'Its core members approve or decline requests to join; you get a mail either way.'}
      </Body1>
      <div className={page.actions}>
        <Button
          appearance="primary"
          icon={<PeopleAddRegular />}
          disabled={answer.isPending}
          onClick={() => void onClick()}
        >
          {joinsAtOnce ? `Join ${community.name}` : 'Ask to join'}
        </Button>
      </div>
    </div>
  );
}
