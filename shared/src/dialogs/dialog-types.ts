import type { EventLocation } from '@hub/contract/events';

export interface AlertDialogRequest {
  kind: 'alert';
  title: string;
  subtitle?: string;
  /** Shown as an error (icon and colour) rather than information. */
  error?: boolean;
}

export interface ConfirmDialogRequest {
  kind: 'confirm';
  title: string;
  subtitle?: string;
}

export interface EventLocationDialogRequest {
  kind: 'eventLocation';
  locations: EventLocation[];
}

export type DialogRequest = AlertDialogRequest | ConfirmDialogRequest | EventLocationDialogRequest;

/** What each dialog resolves with: alert → undefined, confirm → yes/no, location → the location or null when cancelled. */
export type DialogResult<R extends DialogRequest> = R extends AlertDialogRequest
  ? void
  : R extends ConfirmDialogRequest
    ? boolean
    : EventLocation | null;

export interface QueuedDialog {
  id: number;
  request: DialogRequest;
  resolve: (value: unknown) => void;
  /**
   * What had focus when the dialog was asked for (the button that opened it): the host gives focus
   * back to it when the dialog closes, as a dialog opened by a trigger would (issue 23).
   */
  opener: HTMLElement | null;
}
