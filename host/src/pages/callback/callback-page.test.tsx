import { screen } from '@testing-library/react';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import CallbackPage, { CallbackPage as NamedCallbackPage } from './callback-page';

describe('CallbackPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedCallbackPage).toBe(CallbackPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container } = renderPage(<CallbackPage />, { url: '/callback' });
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Signing you in…' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
