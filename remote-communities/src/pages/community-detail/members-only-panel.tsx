import { useState } from 'react';
import {
  Avatar,
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular, DismissRegular, LinkRegular } from '@fluentui/react-icons';
import {
  routePaths,
  showAlert,
  showConfirm,
  toNormalisedError,
  useAnswerJoinRequest,
  useChangeInvitation,
  useInvitationStatus,
  useJoinRequests,
  type InvitationMode,
  type PendingJoinRequest,
} from '@hub/shared';
import { formatDate } from '@hub/ui/date-time';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { usePageStyles } from '@hub/ui/page-styles';
import { showToast } from '@hub/ui/show-toast';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePersonRowStyles } from '../../components/person-row-styles';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  link: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  linkField: { flex: '1 1 16rem' },
});

const MODE_TEXT: Record<InvitationMode, { label: string; hint: string }> = {
  request: { label: 'Asks to join', hint: 'You or another core member approve or decline each request.' },
  join: { label: 'Joins at once', hint: 'Anyone signed in who opens the link becomes a member.' },
};

/**
 * A members-only community's way in (issue 28), for its core members and admins on its page: the
 * invitation link (made, shown once to copy, replaced or stopped) and the pending requests to
 * approve or decline. The link's secret is never read back (the API keeps its hash only), so the
 * panel shows it only right after making it.
 */
export function MembersOnlyPanel({ communityId, communityName }: { communityId: number; communityName: string }) {
  const styles = useStyles();
  return (
    <section aria-labelledby="way-in-title" className={styles.panel}>
      <Subtitle2 as="h2" block id="way-in-title" className={styles.heading}>
        Invitation and requests
      </Subtitle2>
      <InvitationLink communityId={communityId} />
      <JoinRequests communityId={communityId} communityName={communityName} />
    </section>
  );
}

function InvitationLink({ communityId }: { communityId: number }) {
  const page = usePageStyles();
  const styles = useStyles();
  const status = useInvitationStatus(communityId);
  const change = useChangeInvitation(communityId);
  const [chosen, setChosen] = useState<InvitationMode | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const mode = chosen ?? status.data?.mode ?? 'request';

  const make = async () => {
    if (status.data?.active) {
      const yes = await showConfirm({
        title: 'Make a new link?',
        subtitle: 'The link shared so far stops working at once: those who have it need the new one.',
      });
      if (!yes) return;
    }
    try {
      const link = await change.mutateAsync({ mode });
      if (link) setMade(new URL(routePaths.communityInvitation(link.token), window.location.origin).toString());
    } catch (error) {
      void showAlert({ error: true, title: 'Could not make the link', subtitle: toNormalisedError(error).message });
    }
  };
  const stop = async () => {
    const yes = await showConfirm({
      title: 'Stop the invitation link?',
      subtitle: 'Nobody can join or ask through it any more. You can make a new one later.',
    });
    if (!yes) return;
    try {
      await change.mutateAsync({ stop: true });
      setMade(null);
      showToast({ intent: 'success', title: 'The invitation link stopped working' });
    } catch (error) {
      void showAlert({ error: true, title: 'Could not stop the link', subtitle: toNormalisedError(error).message });
    }
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      showToast({ intent: 'success', title: 'Link copied' });
    } catch {
      showToast({ intent: 'warning', title: 'Could not copy: select the link and copy it yourself' });
    }
  };

  if (status.isError)
    return (
      <LoadFailure
        title="Could not load the invitation link"
        error={toNormalisedError(status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  if (!status.data) return <RowsSkeleton label="Loading the invitation link" count={2} />;
  const active = status.data.active;
  return (
    <div className={page.section}>
      <Body1 as="p" block className={page.text}>
        {active && status.data.createdAt
          ? `A link that ${status.data.mode === 'join' ? 'joins at once' : 'asks to join'} works since ${formatDate(status.data.createdAt)}. It is shown only when made: to share it again, make a new one.`
          : 'There is no invitation link yet: make one and share it with the people you want in.'}
      </Body1>
      <RadioGroup
        aria-label="What the link does"
        value={mode}
        onChange={(_event, data) => setChosen(data.value as InvitationMode)}
      >
        {(['request', 'join'] as const).map((m) => (
          <Radio
            key={m}
            value={m}
            label={
              <>
                {MODE_TEXT[m].label}
                <Caption1 block>{MODE_TEXT[m].hint}</Caption1>
              </>
            }
          />
        ))}
      </RadioGroup>
      {made && (
        <div className={styles.link}>
          <Field label="The invitation link (shown this once)" className={styles.linkField}>
            <Input readOnly value={made} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <Button icon={<CopyRegular />} onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      )}
      <div className={page.actions}>
        <Button appearance="primary" icon={<LinkRegular />} disabled={change.isPending} onClick={() => void make()}>
          {active ? 'Make a new link' : 'Make the link'}
        </Button>
        {active && (
          <Button disabled={change.isPending} onClick={() => void stop()}>
            Stop the link
          </Button>
        )}
      </div>
    </div>
  );
}

function JoinRequests({ communityId, communityName }: { communityId: number; communityName: string }) {
  const page = usePageStyles();
  const requests = useJoinRequests(communityId);
  if (requests.isError)
    return (
      <LoadFailure
        title="Could not load the requests to join"
        error={toNormalisedError(requests.error)}
        onRetry={() => void requests.refetch()}
      />
    );
  if (!requests.data) return <RowsSkeleton label="Loading the requests to join" count={2} />;
  if (requests.data.length === 0)
    return (
      <Notice title="No requests waiting" intent="info">
        Nobody is waiting for an answer to join.
      </Notice>
    );
  return (
    <ul className={page.list} aria-label={`Requests to join ${communityName}`}>
      {requests.data.map((r) => (
        <RequestRow key={r.id} communityId={communityId} communityName={communityName} request={r} />
      ))}
    </ul>
  );
}

function RequestRow({
  communityId,
  communityName,
  request,
}: {
  communityId: number;
  communityName: string;
  request: PendingJoinRequest;
}) {
  const rows = usePersonRowStyles();
  const answer = useAnswerJoinRequest(communityId);
  const name = `${request.user.firstName} ${request.user.lastName}`.trim() || request.user.email;
  const decide = async (approve: boolean) => {
    try {
      await answer.mutateAsync({ requestId: request.id, approve });
      showToast({
        intent: 'success',
        title: approve ? `${name} is now a member of ${communityName}` : `You declined ${name}'s request`,
        body: `${name} gets a mail.`,
      });
    } catch (error) {
      void showAlert({
        error: true,
        title: 'Could not answer the request',
        subtitle: toNormalisedError(error).message,
      });
    }
  };
  return (
    <li className={rows.row}>
      <Avatar name={name} image={request.user.imageUrl ? { src: request.user.imageUrl } : undefined} size={32} />
      <div className={rows.who}>
        <Text weight="semibold">{name}</Text>
        <Caption1>{`${request.user.email} · asked on ${formatDate(request.askedAt)}`}</Caption1>
      </div>
      <Button
        appearance="primary"
        icon={<CheckmarkRegular />}
        disabled={answer.isPending}
        onClick={() => void decide(true)}
        aria-label={`Approve ${name}`}
      >
        Approve
      </Button>
      <Button
        icon={<DismissRegular />}
        disabled={answer.isPending}
        onClick={() => void decide(false)}
        aria-label={`Decline ${name}`}
      >
        Decline
      </Button>
    </li>
  );
}

export default MembersOnlyPanel;
