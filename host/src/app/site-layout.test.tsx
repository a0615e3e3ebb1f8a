import { showToast } from '@hub/ui/show-toast';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { SiteLayout } from './site-layout';

function renderSite(path = '/about') {
  return renderPage(
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<h1>Page body</h1>} />
      </Route>
    </Routes>,
    { url: path, toaster: false },
  );
}

describe('SiteLayout', () => {
  it('frames the page with the header, main region and footer landmarks', () => {
    renderSite();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Page body' }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers a skip link as the first stop that moves focus to the main region', async () => {
    const { router } = renderSite();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(router.pathname).toBe('/about');
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = renderSite('/');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows a toast asked for before the layout rendered (a guard redirecting at start-up)', async () => {
    showToast({ intent: 'warning', title: 'Not allowed' });
    renderSite();
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
  });

  it('loads the toaster when the first toast is asked for, and shows that toast', async () => {
    renderSite();
    act(() => showToast({ intent: 'success', title: 'Saved' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
