import { useNavigate } from 'react-router';
import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
} from '@fluentui/react-components';
import { belowWidth } from '@hub/ui/breakpoints';
import {
  ChevronDownRegular,
  PeopleCommunityRegular,
  PersonRegular,
  ShieldPersonRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import {
  appConfigAtom,
  displayNameFrom,
  isAdmin,
  logout,
  providerDisplayNameAtom,
  routePaths,
  userInfoAtom,
  useAtomValue,
} from '@hub/shared';

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
  trigger: { gap: tokens.spacingHorizontalS, maxWidth: '240px' },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // On phones the avatar alone shows; the name stays in the button's accessible name.
    [belowWidth('small')]: visuallyHidden,
  },
  purpose: visuallyHidden,
});

/**
 * The logged-in user's dropdown (SPEC §2): profile image (initials when there is none), display
 * name, My account, My {product}, Admin dashboard for admins, Log Out. The header loads this module only for a
 * logged-in user, so anonymous visitors never download the Menu code.
 */
export function UserMenu() {
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const { product } = useAtomValue(appConfigAtom);
  const stored = useAtomValue(providerDisplayNameAtom);
  const displayName = displayNameFrom(stored ?? `${user.lastName}, ${user.firstName}`);

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        {/*
          Named by its content, "Account menu for <name>", so the shown name is part of the accessible
          name (WCAG 2.5.3). An aria-label would be compared with the shown text, avatar initials
          included, and fail axe's label-content-name-mismatch.
        */}
        <Button
          appearance="subtle"
          className={styles.trigger}
          icon={
            <Avatar
              name={displayName}
              image={user.imageURL ? { src: user.imageURL } : undefined}
              size={28}
              aria-hidden
            />
          }
          iconPosition="before"
        >
          <span className={styles.purpose}>Account menu for</span> <span className={styles.name}>{displayName}</span>
          <ChevronDownRegular aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuPopover>
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
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
            Log Out
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

export default UserMenu;
