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
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, CalendarAddRegular, CopyRegular } from '@fluentui/react-icons';
import {
  firstFailure,
  retryFailed,
  showConfirm,
  toNormalisedError,
  useCalendarFeed,
  useCreateCalendarFeed,
} from '@hub/shared';
import { formatDate } from '@hub/ui/date-time';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { showToast } from '@hub/ui/show-toast';
import { Heading } from '@hub/ui/heading';

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
  created: 'Calendar address created',
  regenerated: 'New calendar address created',
  regeneratedBody: 'The old address no longer works: subscribe again with the new one.',
  none: 'You have no calendar address yet.',
  shownOnce: 'Copy this address now: it is shown only this once.',
  shownOnceBody: 'For your privacy it is not kept where it could be read again. If you lose it, create a new one.',
  active: (since: string) =>
    `You created your calendar address on ${since}. It is shown only when it is created: if you no longer have it, create a new one (the old one then stops working).`,
  createFirst: 'Create my calendar address',
  createNew: 'Create a new address',
};

/**
 * The user's private calendar feed. The API keeps only its secret's hash, so the address is shown
 * once, when it is made (POST api/user/calendar-feed): to copy into any calendar, with a webcal
 * "Subscribe" link that opens the device's calendar app. Afterwards the section says since when a
 * feed exists (GET) and offers a new address, with a confirm that says the old one stops working.
 */
export function CalendarFeedSection({ enabled }: { enabled: boolean }) {
  const styles = useStyles();
  const inputId = useId();
  const feed = useCalendarFeed({ enabled });
  const create = useCreateCalendarFeed();
  const error = firstFailure(feed);
  /** The address just made: only in this screen's memory, gone when the user leaves it. */
  const made = create.data;

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
  const makeAddress = async (replacing: boolean) => {
    if (replacing) {
      const yes = await showConfirm({
        title: calendarFeedTexts.confirmTitle,
        subtitle: calendarFeedTexts.confirmSubtitle,
      });
      if (!yes) return;
    }
    try {
      await create.mutateAsync();
      showToast(
        replacing
          ? { intent: 'success', title: calendarFeedTexts.regenerated, body: calendarFeedTexts.regeneratedBody }
          : { intent: 'success', title: calendarFeedTexts.created },
      );
    } catch (failure) {
      const problem = toNormalisedError(failure);
      showToast({
        intent: 'error',
        title: 'Could not create a calendar address',
        body: `${problem.message} Try again in a moment.`,
      });
    }
  };

  const active = feed.data?.active ?? false;
  const createButton = (
    <Button
      appearance={active ? 'subtle' : 'primary'}
      icon={<ArrowSyncRegular />}
      onClick={() => void makeAddress(active)}
      disabled={create.isPending}
    >
      {create.isPending ? 'Creating an address…' : active ? calendarFeedTexts.createNew : calendarFeedTexts.createFirst}
    </Button>
  );

  return (
    <section className={styles.section} aria-labelledby="my-hub-calendar">
      <Heading level={2} id="my-hub-calendar" className={styles.heading}>
        My calendar feed
      </Heading>
      <Body1 as="p" block className={styles.text}>
        Subscribe to your private address in Outlook, Google Calendar or Apple Calendar and the events you attend appear
        there, kept up to date. Anyone who has the address can see which events you attend.
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
      ) : made ? (
        <>
          <Notice intent="warning" title={calendarFeedTexts.shownOnce} announce="status">
            {calendarFeedTexts.shownOnceBody}
          </Notice>
          <div className={styles.address}>
            <Field label="Calendar feed address" className={styles.input}>
              <Input id={inputId} value={made.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            </Field>
            <Button icon={<CopyRegular />} onClick={() => void copy(made.url)}>
              Copy address
            </Button>
          </div>
          <div className={styles.actions}>
            <Link href={made.webcalUrl}>
              <CalendarAddRegular aria-hidden="true" /> Subscribe in your calendar app
            </Link>
            {createButton}
          </div>
        </>
      ) : (
        <>
          <Body1 as="p" block className={styles.text}>
            {feed.data.active && feed.data.createdAt
              ? calendarFeedTexts.active(formatDate(feed.data.createdAt))
              : calendarFeedTexts.none}
          </Body1>
          <div className={styles.actions}>{createButton}</div>
        </>
      )}
    </section>
  );
}
