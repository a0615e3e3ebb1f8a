import { Outlet } from 'react-router';

// Replaced by the full chrome (header, footer, dialogs) — see the host chrome work.
export function SiteLayout() {
  return (
    <main id="main-content">
      <Outlet />
    </main>
  );
}
