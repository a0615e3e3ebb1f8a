import { useId } from 'react';
import { AvatarGroup, AvatarGroupItem, Caption1, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import {
  eventState,
  routePaths,
  toNormalisedError,
  useChooseWhosGoing,
  useWhosGoing,
  type EventDetail,
  type EventViewerInfo,
} from '@hub/shared';
import { NeedsNetwork } from '@hub/ui/needs-network';
import { RouterLink } from '@hub/ui/router-link';
import { whosGoingSentence } from './whos-going-line';

const useStyles = makeStyles({
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  choice: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // The switch's own padding would push it right of the panel's text.
  switch: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})` },
  hint: { color: tokens.colorNeutralForeground2 },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Issue 28, "Who's going" on the event page, for signed-in viewers only (its own chunk: the public
 * page's first paint carries none of it): the first names of those who agreed to be shown ("Anna,
 * Ben and 23 others are going"), and, for someone attending or waiting, the switch that shows them.
 */
export function WhosGoingPanel({ event, viewer }: { event: EventDetail; viewer: EventViewerInfo }) {
  const styles = useStyles();
  const going = useWhosGoing(event.id);
  const past = eventState(event) === 'past';
  const names = going.data?.names ?? [];
  const sentence = going.data ? whosGoingSentence(names, going.data.others, past) : null;
  return (
    <>
      {sentence && (
        <div className={styles.line}>
          {/* The sentence says the names; the faces are decoration. */}
          <AvatarGroup layout="stack" size={24} aria-hidden="true">
            {names.map((name, index) => (
              <AvatarGroupItem key={index} name={name} color="colorful" />
            ))}
          </AvatarGroup>
          <Text data-whos-going="">{sentence}</Text>
        </div>
      )}
      {viewer.status !== 'none' && <ShowMeSwitch eventId={event.id} shown={viewer.shownInWhosGoing} />}
    </>
  );
}

function ShowMeSwitch({ eventId, shown }: { eventId: number; shown: boolean }) {
  const styles = useStyles();
  const hintId = useId();
  const choose = useChooseWhosGoing(eventId);
  // While the choice is on its way the switch shows it; the answer then sets the viewer's own view.
  const checked = choose.isPending ? choose.variables : shown;
  return (
    <div className={styles.choice}>
      <NeedsNetwork action="Changing who sees you">
        {(offline) => (
          <Switch
            className={styles.switch}
            label="Show me in Who's going"
            checked={checked}
            disabled={offline}
            aria-describedby={hintId}
            onChange={(_, data) => {
              if (!choose.isPending) choose.mutate(data.checked);
            }}
          />
        )}
      </NeedsNetwork>
      <Caption1 id={hintId} className={styles.hint}>
        Signed-in people who can see this event see your first name.
      </Caption1>
      <Caption1>
        <RouterLink to={routePaths.myAccount()}>Your default for new events: My account</RouterLink>
      </Caption1>
      {choose.isError && (
        <Caption1 role="alert" className={styles.problem}>
          Could not save your choice: {toNormalisedError(choose.error).message}
        </Caption1>
      )}
    </div>
  );
}

export default WhosGoingPanel;
