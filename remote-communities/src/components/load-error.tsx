import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { NormalisedError } from '@hub/shared';

const useStyles = makeStyles({
  details: { margin: 0, paddingInlineStart: '1.25em' },
});

export interface LoadErrorProps {
  /** What could not be done, e.g. 'Could not load the communities'. */
  title: string;
  error: NormalisedError;
  onRetry: () => void;
}

/** A failure as the API's normalised message (and details), with Retry. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const styles = useStyles();
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {error.message}
        {error.details.length > 0 && (
          <ul className={styles.details}>
            {error.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
          Retry
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
