import { routePaths } from '@hub/shared';
import { RouterButtonLink } from '@hub/ui/router-link';

/** The "Log In" call to action of the header and side menu (SPEC §2). */
export function LoginButton({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <RouterButtonLink to={routePaths.login()} appearance="primary" onClick={onNavigate} className={className}>
      Log In
    </RouterButtonLink>
  );
}
