import { routePaths } from '@hub/shared';
import { RouterButtonLink } from '@hub/ui/router-link';

/** The "Log In" call to action of the header and side menu (SPEC §2). */
export function LoginButton({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <RouterButtonLink to={routePaths.login()} appearance="primary" onClick={onNavigate}>
      Log In
    </RouterButtonLink>
  );
}
