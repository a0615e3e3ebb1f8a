import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { readPages } from '@hub/shared';
import { useReadPageTracking } from './use-read-page-tracking';

let go: (to: string) => void = () => undefined;

function Layout() {
  useReadPageTracking();
  const navigate = useNavigate();
  useEffect(() => {
    go = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

/** A MutationObserver reports in a microtask. */
const titled = async (title: string) => {
  document.title = title;
  await act(async () => undefined);
};

beforeEach(() => {
  localStorage.clear();
  document.title = 'About · Community Hub';
});

describe('the pages read here (offered by the offline error screen, issue 23)', () => {
  it('notes each page left, with the title it set, most recent first', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Layout /> }], { initialEntries: ['/about'] });
    render(<RouterProvider router={router} />);
    act(() => go('/communities'));
    await titled('Communities · Community Hub');
    act(() => go('/privacy'));
    expect(readPages()).toEqual([
      { path: '/communities', title: 'Communities · Community Hub' },
      { path: '/about', title: 'About · Community Hub' },
    ]);
  });

  it('does not name a page left before it set its title by the previous page’s', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Layout /> }], { initialEntries: ['/about'] });
    render(<RouterProvider router={router} />);
    act(() => go('/communities'));
    act(() => go('/privacy'));
    expect(readPages()).toEqual([{ path: '/about', title: 'About · Community Hub' }]);
  });
});
