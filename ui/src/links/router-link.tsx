import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';
import { Button, Link, type ButtonProps, type LinkProps } from '@fluentui/react-components';

/**
 * react-router decides what a click means (plain left click: navigate inside the app; a modified
 * click, a middle click or a `target`: the browser's own behaviour), so every link of every area
 * follows the same rule. The caller's onClick runs first and may cancel the navigation.
 */
function useRouterClick(
  to: To,
  replace: boolean | undefined,
  onClick: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined,
) {
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) follow(event);
  };
}

/** The anchor's own attributes (aria-*, data-*, className, children…), minus what the router decides. */
type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick' | 'color'>;

export interface RouterLinkProps extends AnchorProps {
  to: To;
  replace?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  inline?: LinkProps['inline'];
  appearance?: LinkProps['appearance'];
}

/** A Fluent Link that is a real anchor (copy link, middle click work) and navigates through the router. */
export function RouterLink({ to, replace, onClick, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const handleClick = useRouterClick(to, replace, onClick);
  return <Link {...rest} as="a" href={href} onClick={handleClick} />;
}

export interface RouterButtonLinkProps extends AnchorProps {
  to: To;
  replace?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  appearance?: ButtonProps['appearance'];
  icon?: ButtonProps['icon'];
  iconPosition?: ButtonProps['iconPosition'];
  size?: ButtonProps['size'];
}

/** A call to action that looks like a Fluent button but is a link. */
export function RouterButtonLink({ to, replace, onClick, appearance = 'secondary', ...rest }: RouterButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useRouterClick(to, replace, onClick);
  return <Button {...rest} as="a" appearance={appearance} href={href} onClick={handleClick} />;
}
