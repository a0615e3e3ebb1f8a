import { screen } from '@testing-library/react';
import { defaultAppConfig, setAppConfig } from '@hub/shared';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import PrivacyPage, { PrivacyPage as NamedPrivacyPage } from './privacy-page';

afterEach(() => setAppConfig(defaultAppConfig));

describe('PrivacyPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedPrivacyPage).toBe(PrivacyPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container } = renderPage(<PrivacyPage />, { url: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    expect(screen.getByText(/has not been published by its operator yet/)).toBeInTheDocument();
    expect(screen.getByText(/The organisation that operates Community Hub is the controller/)).toBeInTheDocument();
    expect(screen.getByText(/Who attended an event is kept for 24 months after the event ended/)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('states the controller, the contact and the retention period from the configuration (issue 28)', () => {
    setAppConfig({
      privacy: {
        controller: 'Example Ltd, 1 Example Street',
        contact: 'privacy@example.com',
        attendeeRetentionMonths: 6,
      },
    });
    renderPage(<PrivacyPage />, { url: '/privacy' });
    expect(screen.getByText(/Example Ltd, 1 Example Street is the controller/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
      'href',
      'mailto:privacy@example.com',
    );
    expect(screen.getByText(/Who attended an event is kept for 6 months after the event ended/)).toBeInTheDocument();
    expect(screen.queryByText(/has not been published by its operator yet/)).toBeNull();
  });
});
