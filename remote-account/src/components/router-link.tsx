import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Link, type ButtonProps } from '@fluentui/react-components';

/** A plain left click stays inside the single-page app; modified clicks (new tab…) keep the browser's behaviour. */
function useFollow(to: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
}

export interface RouterLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  inline?: boolean;
}

/** A Fluent Link that is a real anchor and navigates through the router. */
export function RouterLink({ to, children, className, inline }: RouterLinkProps) {
  const follow = useFollow(to);
  return (
    <Link href={to} onClick={follow} className={className} inline={inline}>
      {children}
    </Link>
  );
}

export interface RouterButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  icon?: ButtonProps['icon'];
}

/** A call to action that looks like a Fluent button but is a link (middle-click and "copy link" work). */
export function RouterButtonLink({ to, children, appearance = 'primary', icon }: RouterButtonLinkProps) {
  const follow = useFollow(to);
  return (
    <Button as="a" appearance={appearance} icon={icon} href={to} onClick={follow}>
      {children}
    </Button>
  );
}
