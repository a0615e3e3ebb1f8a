import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  authStatusAtom,
  pickEventLocation,
  rememberLastVisited,
  routePaths,
  sessionSetupAtom,
  showAlert,
  showConfirm,
  toNormalisedError,
  useAtomValue,
  useChangeAttendance,
  type EventDetail,
  type EventViewerInfo,
} from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import type { AttendChoice } from './attend-choices';
import { rememberPendingAttend, takePendingAttend } from './pending-attend';

export interface Attendance {
  /** A request or the sign-in state settling is under way: every attend button is disabled (not while a dialog asks). */
  busy: boolean;
  /** The button whose request is under way (it shows a spinner). */
  busyKey: string | null;
  attend: (choice: AttendChoice) => Promise<void>;
  withdraw: () => Promise<void>;
}

/** Ends a line with a full stop unless it has one. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** What to do after a refusal, by status: the API's message says what, this says what next. */
export function whatToDo(status: number | null): string {
  if (status === 409) return 'The page now shows the event as it is; choose again if you still can.';
  if (status === 401) return 'Log in again, then try once more.';
  if (status === 404) return 'The event may have been removed: go back to the events list.';
  if (status === 0 || status === null) return 'Check your connection and try again.';
  return 'Try again in a moment.';
}

/**
 * Attend (directly, or through the shared Event-location picker), join the waiting list, withdraw
 * or leave it, for the event shown. One request at a time (no double submit). An anonymous visitor
 * is sent to log in, with the choice kept, and on return the attendance is finished here. Failures
 * are shown in the shared Alert with the normalised message and what to do, and the event is read
 * again so seats left and "Full" are current.
 */
export function useAttendance(
  event: EventDetail,
  viewer: EventViewerInfo | undefined,
  choices: AttendChoice[],
  refresh: () => void,
): Attendance {
  const authStatus = useAtomValue(authStatusAtom);
  const settingUpSession = useAtomValue(sessionSetupAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const { mutateAsync } = useChangeAttendance();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const inFlight = useRef(false);
  const change = { eventId: event.id, communityId: event.communityId };

  /**
   * One action at a time. `ask` (the picker, a confirmation) runs first and is not "busy": the
   * button says "Withdrawing…" only once the answer is Yes and the request is on its way, never
   * behind the open dialog (issue 23). It answers what to send, or null to stop.
   */
  const run = useCallback(async <T>(key: string, ask: () => Promise<T | null>, work: (answer: T) => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await ask();
      if (answer === null) return;
      setBusyKey(key);
      await work(answer);
    } finally {
      inFlight.current = false;
      setBusyKey(null);
    }
  }, []);

  const fail = useCallback(
    (title: string, error: unknown) => {
      const normalised = toNormalisedError(error);
      const subtitle = [normalised.message, ...normalised.details, whatToDo(normalised.status)].map(sentence).join(' ');
      void showAlert({ error: true, title, subtitle });
      refresh();
    },
    [refresh],
  );

  const attendNow = useCallback(
    (choice: AttendChoice) =>
      run(
        choice.key,
        async () => {
          if (choice.kind !== 'pick') return { eventLocationId: choice.eventLocationId };
          const picked = await pickEventLocation(choice.locations);
          // Cancel: nothing changes.
          return picked ? { eventLocationId: picked.eventLocationId } : null;
        },
        async ({ eventLocationId }) => {
          let answer;
          try {
            answer = await mutateAsync({ action: 'attend', ...change, eventLocationId });
          } catch (error) {
            fail('Could not attend this event', error);
            return;
          }
          showToast({
            intent: 'success',
            title: answer.status === 'waiting' ? 'You are on the waiting list' : `You're going to ${event.title}`,
          });
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is derived from event
    [run, mutateAsync, fail, event.id, event.communityId, event.title],
  );

  const attend = useCallback(
    async (choice: AttendChoice) => {
      // While the sign-in state settles nobody knows yet whether to log in: the buttons are disabled.
      if (authStatus === 'loading') return;
      if (authStatus !== 'loggedIn') {
        rememberLastVisited(here);
        rememberPendingAttend(event.id, choice.key);
        void navigate(routePaths.login());
        return;
      }
      await attendNow(choice);
    },
    [authStatus, here, event.id, navigate, attendNow],
  );

  const waiting = viewer?.status === 'waiting';
  const withdraw = useCallback(
    () =>
      run(
        'withdraw',
        async () => {
          const yes = await showConfirm(
            waiting
              ? {
                  title: 'Leave the waiting list?',
                  subtitle: `You lose your place on the waiting list of ${event.title}.`,
                }
              : {
                  title: 'Withdraw from this event?',
                  subtitle: `Your seat at ${event.title} is given up${event.waitingListEnabled ? ' and offered to the first person waiting' : ''}.`,
                },
          );
          return yes ? true : null;
        },
        async () => {
          try {
            await mutateAsync({ action: 'withdraw', ...change });
          } catch (error) {
            fail(waiting ? 'Could not leave the waiting list' : 'Could not withdraw', error);
            return;
          }
          showToast({
            intent: 'success',
            title: waiting ? 'You left the waiting list' : 'You are no longer attending',
          });
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is derived from event
    [run, waiting, event.id, event.communityId, event.title, event.waitingListEnabled, mutateAsync, fail],
  );

  // Back from the login that Attend sent the visitor to: once the viewer's own view is known,
  // make the same choice (already attending or waiting: nothing to do).
  const ready = authStatus === 'loggedIn' && !settingUpSession && viewer !== undefined;
  const finished = useRef(false);
  useEffect(() => {
    if (!ready || finished.current) return;
    finished.current = true;
    const pending = takePendingAttend(event.id);
    if (!pending || viewer.status !== 'none') return;
    const choice = choices.find((c) => c.key === pending) ?? (choices.length === 1 ? choices[0] : undefined);
    if (choice) void attendNow(choice);
  }, [ready, viewer, event.id, choices, attendNow]);

  return { busy: busyKey !== null || authStatus === 'loading', busyKey, attend, withdraw };
}
