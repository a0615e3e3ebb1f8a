import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { hubStore, onlineAtom, Provider } from '@hub/shared';
import { NeedsNetwork } from './needs-network';
import { SubmitButton } from '../form/submit-button';

jest.setTimeout(30_000);

function show(ui: React.ReactElement) {
  return render(
    <Provider store={hubStore}>
      <FluentProvider theme={webLightTheme}>{ui}</FluentProvider>
    </Provider>,
  );
}

afterEach(() => act(() => hubStore.set(onlineAtom, true)));

describe('NeedsNetwork', () => {
  it('leaves the action alone while online', () => {
    const join = jest.fn();
    show(
      <NeedsNetwork action="Joining">
        {(offline) => (
          <Button disabledFocusable={offline} onClick={join}>
            Join
          </Button>
        )}
      </NeedsNetwork>,
    );
    const button = screen.getByRole('button', { name: 'Join' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
  });

  it('disables it offline, says why, and the click does nothing', async () => {
    const join = jest.fn();
    act(() => hubStore.set(onlineAtom, false));
    show(
      <NeedsNetwork action="Joining">
        {(offline) => (
          <Button disabledFocusable={offline} onClick={join}>
            Join
          </Button>
        )}
      </NeedsNetwork>,
    );
    const button = screen.getByRole('button', { name: 'Join' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('You are offline. Joining needs a network connection.');
    await userEvent.click(button);
    expect(join).not.toHaveBeenCalled();
  });

  it('follows the device going offline and back online', () => {
    show(
      <NeedsNetwork action="Attending">
        {(offline) => <Button disabledFocusable={offline}>Attend</Button>}
      </NeedsNetwork>,
    );
    act(() => hubStore.set(onlineAtom, false));
    expect(screen.getByRole('button', { name: 'Attend' })).toHaveAttribute('aria-disabled', 'true');
    act(() => hubStore.set(onlineAtom, true));
    expect(screen.getByRole('button', { name: 'Attend' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('SubmitButton offline', () => {
  it('cannot submit a form offline and says saving needs the network', async () => {
    const submit = jest.fn((event: React.FormEvent) => event.preventDefault());
    act(() => hubStore.set(onlineAtom, false));
    show(
      <form onSubmit={submit}>
        <SubmitButton pending={false} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAccessibleDescription('You are offline. Saving needs a network connection.');
    await userEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });
});
