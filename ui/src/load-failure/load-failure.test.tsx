import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailure } from './load-failure';

describe('LoadFailure', () => {
  it("announces the title, the error's message and each detail, with Retry", async () => {
    const onRetry = jest.fn();
    render(
      <LoadFailure
        title="Could not load the communities"
        error={{
          message: 'Something went wrong. See details for more info.',
          details: ['name is required', 'id must be a number'],
        }}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the communities');
    expect(alert).toHaveTextContent('Something went wrong. See details for more info.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'name is required',
      'id must be a number',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows no detail list when there are none, and names what Retry retries when asked', () => {
    render(
      <LoadFailure
        title="Your events could not be loaded"
        error={{ message: 'No network connection.' }}
        onRetry={() => undefined}
        retryLabel="Retry loading your events"
      />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading your events' })).toBeInTheDocument();
  });
});
