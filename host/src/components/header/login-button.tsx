import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@fluentui/react-components';
import { routePaths } from '@hub/shared';

/**
 * The "Log In" call to action: a real link (middle-click and "copy link" work) that navigates
 * inside the single-page app on a plain click.
 */
export function LoginButton({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const to = routePaths.login();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    navigate(to);
  };
  return (
    <Button as="a" appearance="primary" href={to} onClick={follow}>
      Log In
    </Button>
  );
}
