import { screen } from '@testing-library/react';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import PrivacyPage, { PrivacyPage as NamedPrivacyPage } from './privacy-page';

describe('PrivacyPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedPrivacyPage).toBe(PrivacyPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container } = renderPage(<PrivacyPage />, { url: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    expect(screen.getByText(/has not been published by its operator yet/)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
