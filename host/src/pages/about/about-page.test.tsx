import { screen } from '@testing-library/react';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import AboutPage, { AboutPage as NamedAboutPage } from './about-page';

describe('AboutPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedAboutPage).toBe(AboutPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container } = renderPage(<AboutPage />, { url: '/about' });
    expect(screen.getByRole('heading', { level: 1, name: 'About Community Hub' })).toBeInTheDocument();
    expect(document.title).toBe('About · Community Hub');
    expect(screen.getByRole('heading', { level: 2, name: 'Membership and core members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'how to host an event' })).toHaveAttribute('href', '/about/hosting-event');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
