import { lazy, Suspense, useState } from 'react';
import { displayNameFrom, providerDisplayNameAtom, userInfoAtom, useAtomValue } from '@hub/shared';
import { AccountButton } from './account-button';

const loadPopover = () => import('./user-menu-popover');
const UserMenuPopover = lazy(loadPopover);

/**
 * The logged-in user's dropdown (SPEC §2): profile image (initials when there is none), display
 * name, and the menu (My account, My {product}, Admin dashboard for admins, Log Out). The header
 * loads this module only for a logged-in user, and this module shows only the button: the menu's
 * code (`user-menu-popover.tsx`) is fetched when the pointer or focus reaches the button, and the
 * menu opens once it is there when the button was pressed (issue 12's budget on signed-in pages).
 */
export function UserMenu() {
  const user = useAtomValue(userInfoAtom);
  const stored = useAtomValue(providerDisplayNameAtom);
  const displayName = displayNameFrom(stored ?? `${user.lastName}, ${user.firstName}`);
  const [pressed, setPressed] = useState(false);
  const account = { displayName, imageURL: user.imageURL };

  const button = (
    <AccountButton
      {...account}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuPopover {...account} defaultOpen />
    </Suspense>
  );
}

export default UserMenu;
