import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { hubStore, onlineAtom, Provider } from '@hub/shared';
import { CardsSkeleton, offlinePatienceMs, RowsSkeleton } from './skeletons';

function show(ui: React.ReactElement) {
  return render(
    <Provider store={hubStore}>
      <FluentProvider theme={webLightTheme}>{ui}</FluentProvider>
    </Provider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => hubStore.set(onlineAtom, true));
  jest.useRealTimers();
});

describe.each([
  ['CardsSkeleton', () => <CardsSkeleton label="Loading events" />],
  ['RowsSkeleton', () => <RowsSkeleton label="Loading events" />],
])('%s', (_name, make) => {
  it('shimmers while online, however long the answer takes', () => {
    show(make());
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByLabelText('Loading events')).toBeInTheDocument();
    expect(screen.queryByText('Not saved for offline reading')).not.toBeInTheDocument();
  });

  it('offline, says that nothing is coming instead of shimmering for ever, and shimmers again once back online', () => {
    act(() => hubStore.set(onlineAtom, false));
    show(make());
    // The answers kept on the device are restored within moments: no notice over them.
    expect(screen.getByLabelText('Loading events')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(offlinePatienceMs));
    expect(screen.queryByLabelText('Loading events')).not.toBeInTheDocument();
    expect(screen.getByText('Not saved for offline reading')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This has not been opened on this device before. It appears here as soon as you are back online.',
      ),
    ).toBeInTheDocument();

    act(() => hubStore.set(onlineAtom, true));
    expect(screen.getByLabelText('Loading events')).toBeInTheDocument();
    expect(screen.queryByText('Not saved for offline reading')).not.toBeInTheDocument();
  });
});
