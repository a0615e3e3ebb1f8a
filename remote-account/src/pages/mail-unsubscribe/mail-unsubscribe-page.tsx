import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Body1, Button, Spinner } from '@fluentui/react-components';
import type { UnsubscribeAnswer } from '@hub/contract/mail-preferences';
import { routePaths, toNormalisedError, useResubscribeByToken, useUnsubscribeByToken } from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { PageFrame } from '@hub/ui/page-frame';
import { RouterLink } from '@hub/ui/router-link';
import { useFormStyles } from '../../components/form-styles';

/** What an unsubscribe stopped, in words: "reminders before your events", "news of Java Community". */
export function stoppedMailName(answer: Pick<UnsubscribeAnswer, 'kind' | 'community'>): string {
  switch (answer.kind) {
    case 'reminders':
      return 'reminders before your events';
    case 'community-news':
      return answer.community ? `news of ${answer.community.name}` : 'news from your communities';
    case 'organiser-messages':
      return 'messages from event organisers';
    case 'announcements':
      return "announcements from your communities' leads";
    case 'digest':
      return 'the weekly digest';
    case 'join-requests':
      return 'mails about requests to join your communities';
  }
}

/**
 * The page a mail's "Stop …" link opens (`account/unsubscribe?token=…`, no sign-in): it stops what
 * the signed token names at once (POST api/mail/unsubscribe, as the mail program's one-click does),
 * says what was stopped, and offers to undo it or to open the preferences. The stop happens here,
 * on the page, never on a GET of the API: mail scanners open links without running pages.
 */
export function MailUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useUnsubscribeByToken();
  const resubscribe = useResubscribeByToken();
  const asked = useRef<string | null>(null);
  const styles = useFormStyles();

  useEffect(() => {
    // Once per token (a development double effect must not send it twice).
    if (!token || asked.current === token) return;
    asked.current = token;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  if (!token) {
    return (
      <PageFrame headingId="unsubscribe-title" width="form" title="This link is not complete">
        <Notice intent="error" announce="alert" title="We cannot read this link">
          Part of the link is missing, perhaps because it was cut when copied. Open it straight from the mail, or choose
          your mails in <RouterLink to={`${routePaths.myAccount()}#mail-preferences`}>My account</RouterLink>.
        </Notice>
      </PageFrame>
    );
  }
  if (unsubscribe.isError) {
    return (
      <PageFrame headingId="unsubscribe-title" width="form" title="Nothing was stopped">
        <LoadFailure
          title="This unsubscribe link did not work"
          error={toNormalisedError(unsubscribe.error)}
          onRetry={() => unsubscribe.mutate(token)}
        />
        <Body1 block>
          You can always choose your mails in{' '}
          <RouterLink to={`${routePaths.myAccount()}#mail-preferences`}>My account</RouterLink>.
        </Body1>
      </PageFrame>
    );
  }
  if (!unsubscribe.isSuccess) {
    return (
      <PageFrame headingId="unsubscribe-title" width="form" title="Stopping these mails" busy>
        <Spinner label="Stopping these mails…" />
      </PageFrame>
    );
  }

  const answer = unsubscribe.data;
  const what = stoppedMailName(answer);
  const undone = resubscribe.isSuccess;
  const restoreChoice = answer.newsChoiceBefore === 'now' ? 'now' : 'digest';
  return (
    <PageFrame headingId="unsubscribe-title" width="form" title={undone ? 'Mails started again' : 'Unsubscribed'}>
      {undone ? (
        <Notice intent="success" announce="status" title="Started again" data-state="resubscribed">
          You will get {what} again.
        </Notice>
      ) : (
        <Notice intent="success" announce="status" title={`You will no longer get ${what}`} data-state="unsubscribed">
          Confirmations and changes of events you attend still come: they keep your calendar right.
        </Notice>
      )}
      {resubscribe.isError ? (
        <Notice intent="error" announce="alert" title="Could not start them again">
          {toNormalisedError(resubscribe.error).message}
        </Notice>
      ) : null}
      <div className={styles.actions}>
        {!undone ? (
          <Button
            appearance="primary"
            disabled={resubscribe.isPending}
            onClick={() =>
              resubscribe.mutate({
                token,
                ...(answer.kind === 'community-news' && answer.community ? { newsChoice: restoreChoice } : {}),
              })
            }
          >
            {resubscribe.isPending ? 'Starting again…' : 'Undo'}
          </Button>
        ) : null}
        <RouterLink to={`${routePaths.myAccount()}#mail-preferences`}>Choose which mails you get</RouterLink>
      </div>
    </PageFrame>
  );
}

export default MailUnsubscribePage;
