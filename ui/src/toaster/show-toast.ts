/*
 * Why a DOM event rather than Fluent's useToastController in each area: @hub/ui is bundled into
 * every app, so a remote's copy of Fluent's Toast would read its own (empty) copy of the toast
 * container context inside the host's Toaster. Plain data crosses the bundle boundary safely; the
 * host's HubToaster (toaster.tsx) turns it into Fluent toasts with its own components. This file
 * holds no Fluent code, so calling showToast costs an area nothing on first paint.
 */
/** What an area reports after an action: its outcome and a sentence or two. */
export interface ToastMessage {
  intent: 'success' | 'error' | 'info' | 'warning';
  title: string;
  body?: string;
  /** One action beside the title (e.g. Reload). The toast stays until it is used or dismissed. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it goes; -1 keeps it until dismissed. Defaults: 5000, errors 8000, with an action -1. */
  timeout?: number;
}

export const toastEvent = 'hub:toast';
export const readyEvent = 'hub:toaster-ready';
export const mountedAttribute = 'data-hub-toaster';
/** Asks the host to put its toaster on the page (it loads it only when first needed). */
export const wantedEvent = 'hub:toaster-wanted';
const pendingAttribute = 'data-hub-toast-pending';

/**
 * Shows a toast from anywhere (a component, a route loader, an action handler). A message sent
 * before the host's toaster is on the page (the host loads it on the first toast, and a guard's
 * redirect can come before the page renders) waits for it.
 */
export function showToast(message: ToastMessage): void {
  const send = () => document.dispatchEvent(new CustomEvent<ToastMessage>(toastEvent, { detail: message }));
  if (document.querySelector(`[${mountedAttribute}]`)) {
    send();
    return;
  }
  document.addEventListener(readyEvent, send, { once: true });
  // Marked on the page too: the host may not be listening yet (a guard redirects before the layout renders).
  document.documentElement.setAttribute(pendingAttribute, '');
  document.dispatchEvent(new Event(wantedEvent));
}

/** For the host: calls `onWanted` the first time a toast is asked for before a toaster is mounted. */
export function onToasterWanted(onWanted: () => void): () => void {
  if (document.documentElement.hasAttribute(pendingAttribute)) {
    onWanted();
    return () => undefined;
  }
  document.addEventListener(wantedEvent, onWanted, { once: true });
  return () => document.removeEventListener(wantedEvent, onWanted);
}
