import { routePaths } from '@hub/shared';
import { RouterButtonLink } from '../router-button-link/router-button-link';

/** The "Log In" call to action of the header and side menu (SPEC §2). */
export function LoginButton({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <RouterButtonLink to={routePaths.login()} onNavigate={onNavigate}>
      Log In
    </RouterButtonLink>
  );
}
