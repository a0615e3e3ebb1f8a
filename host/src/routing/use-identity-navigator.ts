import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '@hub/shared';

/**
 * Lets the shared session flow move the user through this router (to /callback, then back to
 * the last visited page) without a page load. Mounted once, in the root layout.
 */
export function useIdentityNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
}
