import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@fluentui/react-components';

export interface RouterButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  icon?: ButtonProps['icon'];
  /** Called before navigating on a plain click (e.g. to close a menu). */
  onNavigate?: () => void;
}

/**
 * A call to action that looks like a Fluent button but is a real link (middle-click and "copy
 * link" work) and navigates inside the single-page app on a plain click.
 */
export function RouterButtonLink({ to, children, appearance = 'primary', icon, onNavigate }: RouterButtonLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    void navigate(to);
  };
  return (
    <Button as="a" appearance={appearance} icon={icon} href={to} onClick={follow}>
      {children}
    </Button>
  );
}
