import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { HubToaster, showToast } from './toaster';

function renderToaster() {
  return render(
    <FluentProvider theme={webLightTheme}>
      <HubToaster />
    </FluentProvider>,
  );
}

/** Fluent's Toaster announces through its own aria-live region (polite or assertive). */
function liveRegion(politeness: 'polite' | 'assertive'): HTMLElement {
  const region = document.querySelector<HTMLElement>(`[aria-live="${politeness}"]`);
  if (!region) throw new Error(`no ${politeness} live region`);
  return region;
}

describe('HubToaster and showToast', () => {
  it('shows a success toast and announces it politely', async () => {
    renderToaster();
    act(() => showToast({ intent: 'success', title: 'Joined Cloud Native Guild', body: 'You are now a member.' }));
    expect(await screen.findByText('Joined Cloud Native Guild')).toBeInTheDocument();
    expect(screen.getByText('You are now a member.')).toBeInTheDocument();
    expect(liveRegion('polite')).toHaveTextContent('Joined Cloud Native Guild');
  });

  it('announces a failure assertively', async () => {
    renderToaster();
    act(() => showToast({ intent: 'error', title: 'Could not leave', body: 'Something went wrong' }));
    expect(await screen.findByText('Could not leave')).toBeInTheDocument();
    expect(liveRegion('assertive')).toHaveTextContent('Could not leave');
  });

  it('keeps a toast sent before the toaster is on the page until it is', async () => {
    showToast({ intent: 'info', title: 'Sent early' });
    renderToaster();
    expect(await screen.findByText('Sent early')).toBeInTheDocument();
  });
});
