import { useEffect } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';

/** What an area reports after an action: its outcome and a sentence or two. */
export interface ToastMessage {
  intent: 'success' | 'error' | 'info' | 'warning';
  title: string;
  body?: string;
}

/*
 * Why a DOM event rather than Fluent's useToastController in each area: @hub/ui is bundled into
 * every app, so a remote's copy of Fluent's Toast would read its own (empty) copy of the toast
 * container context inside the host's Toaster. Plain data crosses the bundle boundary safely; the
 * host's HubToaster turns it into Fluent toasts with its own components.
 */
const toastEvent = 'hub:toast';
const readyEvent = 'hub:toaster-ready';
const mountedAttribute = 'data-hub-toaster';

/**
 * Shows a toast from anywhere (a component, a route loader, an action handler). A message sent
 * before the host's toaster is on the page (a guard's redirect at start-up) waits for it.
 */
export function showToast(message: ToastMessage): void {
  const send = () => document.dispatchEvent(new CustomEvent<ToastMessage>(toastEvent, { detail: message }));
  if (document.querySelector(`[${mountedAttribute}]`)) send();
  else document.addEventListener(readyEvent, send, { once: true });
}

/**
 * The one toaster of the site, rendered once by the host. Fluent's Toaster announces every toast
 * through its own aria-live region: politely for results, assertively for failures.
 */
export function HubToaster() {
  const toasterId = useId('hub-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    const onToast = (event: Event) => {
      const { intent, title, body } = (event as CustomEvent<ToastMessage>).detail;
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, politeness: intent === 'error' ? 'assertive' : 'polite', timeout: intent === 'error' ? 8000 : 5000 },
      );
    };
    document.addEventListener(toastEvent, onToast);
    const marker = document.createElement('span');
    marker.setAttribute(mountedAttribute, '');
    marker.hidden = true;
    document.body.append(marker);
    document.dispatchEvent(new Event(readyEvent));
    return () => {
      document.removeEventListener(toastEvent, onToast);
      marker.remove();
    };
  }, [dispatchToast]);
  return <Toaster toasterId={toasterId} position="bottom-end" pauseOnHover pauseOnWindowBlur />;
}
