import { useEffect } from 'react';
import { Button, Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { mountedAttribute, readyEvent, toastEvent, type ToastMessage } from './show-toast';

export { showToast, type ToastMessage } from './show-toast';

/**
 * The one toaster of the site, rendered once by the host. Fluent's Toaster announces every toast
 * through its own aria-live region: politely for results, assertively for failures.
 */
export function HubToaster() {
  const toasterId = useId('hub-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    const onToast = (event: Event) => {
      const { intent, title, body, action, timeout } = (event as CustomEvent<ToastMessage>).detail;
      const actionButton = action ? (
        <Button size="small" appearance="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : undefined;
      dispatchToast(
        <Toast>
          <ToastTitle action={actionButton}>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        {
          intent,
          politeness: intent === 'error' ? 'assertive' : 'polite',
          // A toast with an action waits for the user: it must not vanish before they can reach it.
          timeout: timeout ?? (action ? -1 : intent === 'error' ? 8000 : 5000),
        },
      );
    };
    document.addEventListener(toastEvent, onToast);
    const marker = document.createElement('span');
    marker.setAttribute(mountedAttribute, '');
    marker.hidden = true;
    document.body.append(marker);
    document.documentElement.removeAttribute('data-hub-toast-pending');
    document.dispatchEvent(new Event(readyEvent));
    return () => {
      document.removeEventListener(toastEvent, onToast);
      marker.remove();
    };
  }, [dispatchToast]);
  return <Toaster toasterId={toasterId} position="bottom-end" pauseOnHover pauseOnWindowBlur />;
}
