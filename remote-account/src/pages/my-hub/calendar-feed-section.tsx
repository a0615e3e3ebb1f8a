import { useId } from 'react';
import {
  Body1,
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, CalendarAddRegular, CopyRegular } from '@fluentui/react-icons';
import {
  firstFailure,
  retryFailed,
  showConfirm,
  toNormalisedError,
  useCalendarFeed,
  useRegenerateCalendarFeed,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { showToast } from '@hub/ui/show-toast';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  text: { margin: 0, maxWidth: '60rem' },
  address: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  input: { flex: '1 1 20rem', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
});

/** The texts of the feed section, said once (the tests spell them out). */
export const calendarFeedTexts = {
  confirmTitle: 'Create a new calendar address?',
  confirmSubtitle:
    'The old address stops working: calendars subscribed to it stop receiving your events until you subscribe with the new one.',
  copied: 'Calendar address copied',
  regenerated: 'New calendar address created',
};

/**
 * The user's private calendar feed (GET api/user/calendar-feed): the address to copy into any
 * calendar, a webcal "Subscribe" link that opens the device's calendar app, and a way to replace
 * the address (POST) when it was shared by mistake, with a confirm that says the old one stops working.
 */
export function CalendarFeedSection({ enabled }: { enabled: boolean }) {
  const styles = useStyles();
  const inputId = useId();
  const feed = useCalendarFeed({ enabled });
  const regenerate = useRegenerateCalendarFeed();
  const error = firstFailure(feed);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ intent: 'success', title: calendarFeedTexts.copied });
    } catch {
      // Clipboard refused (permissions, an old browser): select the text so Ctrl+C works.
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      showToast({ intent: 'info', title: 'Copy the selected address', body: 'Press Ctrl+C (or ⌘C) to copy it.' });
    }
  };
  const renew = async () => {
    const yes = await showConfirm({
      title: calendarFeedTexts.confirmTitle,
      subtitle: calendarFeedTexts.confirmSubtitle,
    });
    if (!yes) return;
    try {
      await regenerate.mutateAsync();
      showToast({
        intent: 'success',
        title: calendarFeedTexts.regenerated,
        body: 'Subscribe again with the new address.',
      });
    } catch (failure) {
      const problem = toNormalisedError(failure);
      showToast({ intent: 'error', title: 'Could not create a new address', body: problem.message });
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-hub-calendar">
      <Title2 as="h2" block id="my-hub-calendar" className={styles.heading}>
        My calendar feed
      </Title2>
      <Body1 as="p" block className={styles.text}>
        Subscribe to this address in Outlook, Google Calendar or Apple Calendar and the events you attend appear there,
        kept up to date. The address is private: anyone who has it can see which events you attend.
      </Body1>
      {error ? (
        <LoadFailure
          title="Your calendar feed could not be loaded"
          error={error}
          onRetry={() => retryFailed(feed)}
          retryLabel="Retry loading your calendar feed"
        />
      ) : !enabled || !feed.data ? (
        <Skeleton aria-label="Loading your calendar feed">
          <SkeletonItem size={32} />
        </Skeleton>
      ) : (
        <>
          <div className={styles.address}>
            <Field label="Calendar feed address" className={styles.input}>
              <Input id={inputId} value={feed.data.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            </Field>
            <Button icon={<CopyRegular />} onClick={() => void copy(feed.data.url)}>
              Copy address
            </Button>
          </div>
          <div className={styles.actions}>
            <Link href={feed.data.webcalUrl}>
              <CalendarAddRegular aria-hidden="true" /> Subscribe in your calendar app
            </Link>
            <Button
              appearance="subtle"
              icon={<ArrowSyncRegular />}
              onClick={() => void renew()}
              disabled={regenerate.isPending}
            >
              {regenerate.isPending ? 'Creating a new address…' : 'Create a new address'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
