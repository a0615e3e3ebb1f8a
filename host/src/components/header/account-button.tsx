import type { ComponentProps } from 'react';
import { Avatar, Button, makeStyles, tokens, type ButtonProps } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { belowWidth } from '@hub/ui/breakpoints';
import { touchTarget } from '@hub/ui/site-column';

/** Read by screen readers, not shown (the usual clip pattern). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const useStyles = makeStyles({
  // A 44 px target on a phone or tablet, like the header's other buttons (issue 27).
  trigger: { gap: tokens.spacingHorizontalS, maxWidth: '240px', ...touchTarget },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // On phones the avatar alone shows; the name stays in the button's accessible name.
    [belowWidth('small')]: visuallyHidden,
  },
  purpose: visuallyHidden,
});

export interface AccountButtonProps {
  displayName: string;
  imageURL: string | null | undefined;
}

/**
 * The account menu's trigger: profile image (initials when there is none) and display name. Extra
 * props (the menu trigger's aria and handlers, its ref) go to the Fluent Button.
 */
export function AccountButton({
  displayName,
  imageURL,
  ...button
}: AccountButtonProps & Omit<ComponentProps<'button'>, 'children'>) {
  const styles = useStyles();
  return (
    // Named by its content, "Account menu for <name>", so the shown name is part of the accessible
    // name (WCAG 2.5.3). An aria-label would be compared with the shown text, avatar initials
    // included, and fail axe's label-content-name-mismatch.
    <Button
      {...(button as ButtonProps)}
      appearance="subtle"
      className={styles.trigger}
      icon={<Avatar name={displayName} image={imageURL ? { src: imageURL } : undefined} size={28} aria-hidden />}
      iconPosition="before"
    >
      <span className={styles.purpose}>Account menu for</span> <span className={styles.name}>{displayName}</span>
      <ChevronDownRegular aria-hidden />
    </Button>
  );
}
