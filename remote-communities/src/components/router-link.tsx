import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Link, type ButtonProps } from '@fluentui/react-components';

/** A plain left click stays in the single-page app; modified clicks keep the browser's own behaviour. */
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
}

/** A Fluent link that is a real anchor (copy link, middle click) and navigates inside the app. */
export function RouterLink({ to, children, className }: RouterLinkProps) {
  const follow = useFollow(to);
  return (
    <Link href={to} onClick={follow} className={className}>
      {children}
    </Link>
  );
}

export interface RouterButtonLinkProps extends RouterLinkProps {
  appearance?: ButtonProps['appearance'];
  icon?: ButtonProps['icon'];
}

/** A call to action that looks like a button but is a link. */
export function RouterButtonLink({ to, children, className, appearance = 'secondary', icon }: RouterButtonLinkProps) {
  const follow = useFollow(to);
  return (
    <Button as="a" href={to} onClick={follow} className={className} appearance={appearance} icon={icon}>
      {children}
    </Button>
  );
}
