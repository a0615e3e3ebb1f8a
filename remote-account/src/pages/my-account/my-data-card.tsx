import { useState } from 'react';
import { Body1, Button, Card, CardHeader, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular } from '@fluentui/react-icons';
import { toNormalisedError, useDownloadMyData } from '@hub/shared';
import { Notice } from '@hub/ui/notice';
import { DeleteAccountDialog } from './delete-account-dialog';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/**
 * Issue 28, "Your data": everything the product holds about the person, downloaded as a JSON file
 * and their events as an `.ics` (shared/src/api/my-data.ts), without asking an admin; and deleting
 * the account, after a confirm that says what happens (delete-account-dialog.tsx).
 */
export function MyDataCard() {
  const styles = useStyles();
  const download = useDownloadMyData();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className={styles.card} aria-labelledby="my-data">
      <CardHeader
        header={
          <Subtitle1 as="h2" block id="my-data" className={styles.heading}>
            Your data
          </Subtitle1>
        }
        description={
          <Body1>
            Download everything Community Hub holds about you: your profile, roles, communities, the events you attend
            with their places and check-ins, your mail preferences and calendar feed, what you uploaded and wrote, and
            the log entries about you. Your events come as a calendar file too.
          </Body1>
        }
      />
      <div className={styles.actions}>
        <Button
          appearance="secondary"
          icon={<ArrowDownloadRegular />}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
        <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </div>
      {download.isSuccess ? (
        <Notice intent="success" announce="status" title="Your data was downloaded">
          Two files: your data (JSON) and your events (.ics).
        </Notice>
      ) : download.isError ? (
        <Notice intent="error" announce="alert" title="Could not download your data">
          {toNormalisedError(download.error).message}
        </Notice>
      ) : null}
      {confirming ? <DeleteAccountDialog onClose={() => setConfirming(false)} /> : null}
    </Card>
  );
}
