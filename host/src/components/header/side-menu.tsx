import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, SignOutRegular } from '@fluentui/react-icons';
import { logout } from '@hub/shared';
import type { ActiveNavItem } from './active-nav-item';
import type { NavItem } from './nav-items';
import { HeaderNav } from './header-nav';
import { LoginButton } from './login-button';

const useStyles = makeStyles({
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalS },
});

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  active: ActiveNavItem | null;
  loggedIn: boolean;
  productName: string;
}

/**
 * The slide-out menu used below 1240 px (SPEC §2, §9). Loaded lazily by the header the first time
 * it is opened; choosing an item closes it.
 */
export function SideMenu({ open, onClose, items, active, loggedIn, productName }: SideMenuProps) {
  const styles = useStyles();
  return (
    <OverlayDrawer
      position="start"
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      aria-label={`${productName} menu`}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label="Close menu" icon={<DismissRegular />} onClick={onClose} />}
        >
          {productName}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <HeaderNav items={items} active={active} layout="vertical" label="Site menu" onNavigate={onClose} />
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        {loggedIn ? (
          <Button
            icon={<SignOutRegular />}
            onClick={() => {
              onClose();
              void logout();
            }}
          >
            Log Out
          </Button>
        ) : (
          <LoginButton onNavigate={onClose} />
        )}
      </DrawerFooter>
    </OverlayDrawer>
  );
}

export default SideMenu;
