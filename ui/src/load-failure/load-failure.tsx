import type { HTMLAttributes, ReactNode } from 'react';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  details: { margin: 0, paddingInlineStart: '1.25em' },
});

/** What failed, as the API's normalised error gives it (SPEC §3/§8): a message and detail lines. */
export interface LoadFailureError {
  message: string;
  details?: readonly string[];
}

export interface LoadFailureProps extends Pick<HTMLAttributes<HTMLDivElement>, 'className'> {
  /** What could not be done, e.g. 'Could not load the communities'. */
  title: string;
  /** The normalised error; its message and details are shown as they are. */
  error: LoadFailureError;
  onRetry: () => void;
  /** Names what Retry retries when a screen shows several failures ("Retry loading your events"). */
  retryLabel?: string;
  /** Extra content after the message (a link, say). */
  children?: ReactNode;
  /** Data attributes for tests and the host's area marker (`data-testid`, `data-variant`…). */
  [data: `data-${string}`]: string | undefined;
}

/**
 * The one way a failed load is shown, in every area and in the host's remote-area boundary: an
 * error message bar read out at once (role alert) with the error's message, its details and Retry.
 */
export function LoadFailure({ title, error, onRetry, retryLabel, children, className, ...data }: LoadFailureProps) {
  const styles = useStyles();
  const details = error.details ?? [];
  return (
    <MessageBar intent="error" layout="multiline" role="alert" className={className} {...data}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle> {error.message}
        {details.length > 0 && (
          <ul className={styles.details}>
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        {children ? <> {children}</> : null}
      </MessageBarBody>
      <MessageBarActions>
        <Button icon={<ArrowClockwiseRegular />} onClick={onRetry} aria-label={retryLabel}>
          Retry
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
