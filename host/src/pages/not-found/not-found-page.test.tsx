import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import NotFoundPage, { NotFoundPage as NamedNotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedNotFoundPage).toBe(NotFoundPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container, router } = renderPage(<NotFoundPage />, { url: '/not-found' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.pathname).toBe('/');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
