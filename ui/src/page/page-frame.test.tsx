import { screen } from '@testing-library/react';
import { appConfigAtom, defaultAppConfig } from '@hub/shared';
import { renderPage } from '../testing/render-page';
import { PageFrame } from './page-frame';
import { documentTitle } from './use-page-title';

describe('PageFrame and usePageTitle', () => {
  it('names the region by its level-1 heading and the tab "<title> · <product>"', () => {
    renderPage(<PageFrame title="Communities" intro="Find people who share your craft." />);
    expect(screen.getByRole('region', { name: 'Communities' })).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Communities' }),
    );
    expect(screen.getByText('Find people who share your craft.')).toBeInTheDocument();
    expect(document.title).toBe('Communities · Community Hub');
  });

  it('takes the product name from configuration', () => {
    renderPage(<PageFrame title="About" />, {
      setup: (store) => store.set(appConfigAtom, { ...defaultAppConfig, product: { name: 'Test Hub', slug: 'test' } }),
    });
    expect(document.title).toBe('About · Test Hub');
  });

  it('uses the product name alone when a page has no title of its own', () => {
    expect(documentTitle(undefined, 'Community Hub')).toBe('Community Hub');
  });
});
