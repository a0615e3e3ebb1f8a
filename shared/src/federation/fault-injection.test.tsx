import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { withFaultInjection } from './fault-injection';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const EventList = () => <p>event list</p>;
const EventDetail = () => <p>event detail</p>;
const pages = { eventList: EventList, eventDetail: EventDetail };

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React logs the errors an error boundary catches; the assertions below check them instead.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  visit('/');
});

describe('withFaultInjection (fault isolation chaos switch)', () => {
  it('returns the very same components when disabled, even with ?hub-fault=<remote>', () => {
    visit('/events/event-list?hub-fault=events');
    expect(withFaultInjection('events', pages, false)).toBe(pages);
  });

  it('keeps every key when enabled', () => {
    expect(Object.keys(withFaultInjection('events', pages, true))).toEqual(['eventList', 'eventDetail']);
  });

  it('enabled without ?hub-fault renders the screens as before', () => {
    visit('/events/event-list');
    const { eventList: Wrapped } = withFaultInjection('events', pages, true);
    render(
      <Boundary>
        <Wrapped />
      </Boundary>,
    );
    expect(screen.getByText('event list').textContent).toBe('event list');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('enabled with ?hub-fault=<this remote> throws while rendering', () => {
    visit('/events/event-list?hub-fault=events');
    const { eventList: Wrapped } = withFaultInjection('events', pages, true);
    render(
      <Boundary>
        <Wrapped />
      </Boundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe("Injected render failure in the 'events' remote");
    expect(screen.queryByText('event list')).toBeNull();
  });

  it('enabled with ?hub-fault=<another remote> still renders', () => {
    visit('/events/event-list?hub-fault=communities');
    const { eventDetail: Wrapped } = withFaultInjection('events', pages, true);
    render(
      <Boundary>
        <Wrapped />
      </Boundary>,
    );
    expect(screen.getByText('event detail').textContent).toBe('event detail');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
