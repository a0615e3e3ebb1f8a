import { Caption1, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { VISIBILITIES, VISIBILITY_CHOICE, VISIBILITY_EXPLANATION, type Visibility } from '@hub/contract/visibility';
import type { BoundControlProps } from '../form/form-field';

const useStyles = makeStyles({
  explanation: { display: 'block', color: tokens.colorNeutralForeground2 },
});

export interface VisibilityChoicesProps extends BoundControlProps {
  /** Whose visibility: the sentences differ a little for a community and an event. */
  kind: 'community' | 'event';
  /** The choices offered (an event: only what its community allows); all four by default. */
  allowed?: readonly Visibility[];
}

/**
 * Who can see a community or an event (issue 28): one radio per choice, each with the one sentence
 * that says what it means. Bound like any control of a FormField.
 */
export function VisibilityChoices({ kind, allowed = VISIBILITIES, onChange, ref, ...bound }: VisibilityChoicesProps) {
  const styles = useStyles();
  return (
    <RadioGroup
      {...bound}
      ref={ref as (element: HTMLDivElement | null) => void}
      onChange={(event, d) => onChange(event, d)}
    >
      {allowed.map((visibility) => (
        <Radio
          key={visibility}
          value={visibility}
          label={
            <>
              {VISIBILITY_CHOICE[visibility]}
              <Caption1 className={styles.explanation}>{VISIBILITY_EXPLANATION[kind][visibility]}</Caption1>
            </>
          }
        />
      ))}
    </RadioGroup>
  );
}
