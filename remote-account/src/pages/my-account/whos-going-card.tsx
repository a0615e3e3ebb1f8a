import { useId } from 'react';
import {
  Body1,
  Card,
  CardHeader,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { toNormalisedError, useSaveWhosGoingDefault, useWhosGoingDefault } from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { NeedsNetwork } from '@hub/ui/needs-network';
import { Notice } from '@hub/ui/notice';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  // The switch's own padding would push it right of the card's text.
  switch: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})` },
});

/**
 * Issue 28, "Who's going": the default for the events the person attends from now on (each event
 * page's switch then changes that one event). Off until switched on; saved as it is switched (PUT
 * api/user/whos-going), the switch showing what the API stored.
 */
export function WhosGoingCard() {
  const styles = useStyles();
  const hintId = useId();
  const stored = useWhosGoingDefault();
  const save = useSaveWhosGoingDefault();
  const checked = save.isPending ? save.variables : stored.data?.shownByDefault;
  return (
    <Card className={styles.card} aria-labelledby="whos-going-default">
      <CardHeader
        header={
          <Subtitle1 as="h2" block id="whos-going-default" className={styles.heading}>
            Who&apos;s going
          </Subtitle1>
        }
        description={
          <Body1 id={hintId}>
            An event&apos;s page can show the first names of people going (&quot;Anna, Ben and 23 others are
            going&quot;) to signed-in people who can see the event. Nobody is named without saying yes. This is your
            choice for events you attend from now on; each event&apos;s page lets you change it for that event.
          </Body1>
        }
      />
      {stored.isSuccess ? (
        <NeedsNetwork action="Saving">
          {(offline) => (
            <Switch
              className={styles.switch}
              label="Show me in Who's going of the events I attend"
              aria-describedby={hintId}
              checked={checked ?? false}
              disabled={offline}
              onChange={(_, data) => {
                if (!save.isPending) save.mutate(data.checked);
              }}
            />
          )}
        </NeedsNetwork>
      ) : stored.isError ? (
        <LoadFailure
          title="Could not load your choice"
          error={toNormalisedError(stored.error)}
          onRetry={() => void stored.refetch()}
        />
      ) : (
        <Skeleton aria-label="Loading your choice">
          <SkeletonItem size={24} />
        </Skeleton>
      )}
      {save.isSuccess ? (
        <Notice intent="success" announce="status" title="Saved">
          {save.data.shownByDefault
            ? 'Events you attend from now on show your first name to others who can see them.'
            : 'Events you attend from now on do not name you.'}
        </Notice>
      ) : save.isError ? (
        <Notice intent="error" announce="alert" title="Could not save your choice">
          {toNormalisedError(save.error).message}
        </Notice>
      ) : null}
    </Card>
  );
}
