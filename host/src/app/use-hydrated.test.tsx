import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { HydrationState, useWorksOnceHydrated } from './use-hydrated';

function Press() {
  return <button {...useWorksOnceHydrated()}>Press</button>;
}

describe('useWorksOnceHydrated', () => {
  it('marks the button aria-disabled in the prerendered HTML', () => {
    const html = renderToString(
      <HydrationState hydrating>
        <Press />
      </HydrationState>,
    );
    expect(html).toContain('aria-disabled="true"');
  });

  it('drops the mark once hydration is over', async () => {
    render(
      <HydrationState hydrating>
        <Press />
      </HydrationState>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Press' })).not.toHaveAttribute('aria-disabled'));
  });

  it('leaves a page rendered afresh enabled from its first render', () => {
    render(
      <HydrationState hydrating={false}>
        <Press />
      </HydrationState>,
    );
    expect(screen.getByRole('button', { name: 'Press' })).not.toHaveAttribute('aria-disabled');
  });
});
