import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import {
  HeartPulseRegular,
  PeopleCommunityRegular,
  PersonRegular,
  ShieldPersonRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { appConfigAtom, isAdmin, logout, routePaths, userInfoAtom, useAtomValue } from '@hub/shared';
import { AccountButton, type AccountButtonProps } from './account-button';

/**
 * The account menu itself (SPEC §2): My account, My {product}, Admin dashboard for admins, Log Out;
 * and Platform status (`/dashboard`) for admins after the admin dashboard (issue 23).
 * Fluent's Menu (with its positioning, focus management and motion) is most of the header's
 * signed-in code, so `user-menu.tsx` loads this module only when the menu is first wanted (hover,
 * focus or a press on the account button) and opens it at once when it came from a press.
 */
export default function UserMenuPopover({ defaultOpen, ...account }: AccountButtonProps & { defaultOpen: boolean }) {
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const { product } = useAtomValue(appConfigAtom);
  // The button the user pressed was the light one of user-menu.tsx, replaced by this module's
  // trigger: focus left with it, and a menu opened by `defaultOpen` does not take it. So the first
  // item takes it, once, as when Fluent's Menu opens from its own trigger by the keyboard.
  const focusPending = useRef(defaultOpen);
  const focusFirstItem = useCallback((popover: HTMLDivElement | null) => {
    if (!popover || !focusPending.current) return;
    focusPending.current = false;
    popover.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  return (
    <Menu positioning="below-end" defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>
        <AccountButton {...account} />
      </MenuTrigger>
      <MenuPopover ref={focusFirstItem}>
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate(routePaths.myAccount())}>
            My account
          </MenuItem>
          <MenuItem icon={<PeopleCommunityRegular />} onClick={() => navigate(routePaths.myProduct(product.slug))}>
            My {product.name}
          </MenuItem>
          {isAdmin(user) && (
            <MenuItem icon={<ShieldPersonRegular />} onClick={() => navigate(routePaths.adminDashboard())}>
              Admin dashboard
            </MenuItem>
          )}
          {isAdmin(user) && (
            <MenuItem icon={<HeartPulseRegular />} onClick={() => navigate(routePaths.dashboard())}>
              Platform status
            </MenuItem>
          )}
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
            Log Out
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
