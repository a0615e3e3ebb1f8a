import type { ReactNode } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { NeedsNetwork } from '../network/needs-network';

export interface SubmitButtonProps {
  /** useHubForm's `pending`. */
  pending: boolean;
  /** The label while idle, e.g. 'Sign in'. */
  children: ReactNode;
  /** The label while the request runs, e.g. 'Signing in…'. */
  pendingLabel: string;
  /** Also unavailable while something else on the screen runs (another change to the same list). */
  disabled?: boolean;
  /** 'secondary' for a form that is not the page's main action (one primary button per view). */
  appearance?: 'primary' | 'secondary';
  /** What submitting does, for the offline message ("Saving needs a network connection."). */
  networkAction?: string;
}

/**
 * The primary submit button of a form. While the request runs it shows a spinner and is disabled;
 * it stays focusable (`disabledFocusable`), so keyboard users do not lose their place. useHubForm
 * also ignores a second submit while one runs, so a double click sends one request.
 */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  disabled = false,
  appearance = 'primary',
  networkAction = 'Saving',
}: SubmitButtonProps) {
  // Every form sends something to the server: offline it is disabled and says why (never lost silently).
  return (
    <NeedsNetwork action={networkAction}>
      {(offline) => (
        <Button
          // Offline it submits nothing: Fluent's disabledFocusable stops the click, not the form's submit.
          type={offline ? 'button' : 'submit'}
          appearance={appearance}
          disabledFocusable={pending || disabled || offline}
          icon={pending ? <Spinner size="tiny" aria-hidden /> : undefined}
        >
          {pending ? pendingLabel : children}
        </Button>
      )}
    </NeedsNetwork>
  );
}
