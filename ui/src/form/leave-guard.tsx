import { useCallback } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';

export interface LeaveGuardProps {
  /** A form with unsaved changes: leaving it asks first. */
  when: boolean;
  title: string;
  /** What leaving does to the changes. */
  body: string;
  leaveLabel: string;
  stayLabel: string;
  /** Runs when the user chooses to leave, before the navigation goes on (forget a draft…). */
  onLeave?: () => void;
}

/**
 * Asks before a half-filled form is left: a link or Back inside the site (react-router's blocker,
 * answered in a Fluent dialog), and a reload, a closed tab or another site (the browser's own
 * "Leave site?" prompt, the only one a page may show then). Staying is the default answer.
 */
export function LeaveGuard({ when, title, body, leaveLabel, stayLabel, onLeave }: LeaveGuardProps) {
  // Only another page counts: the form changing its own address (a query) is not leaving it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!when) return;
        event.preventDefault();
        // Older Chromium and Safari show the prompt only when returnValue is set.
        event.returnValue = '';
      },
      [when],
    ),
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => blocker.reset?.()}>
              {stayLabel}
            </Button>
            <Button
              onClick={() => {
                onLeave?.();
                blocker.proceed?.();
              }}
            >
              {leaveLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
