import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { belowWidth } from '@hub/ui/breakpoints';
import { siteColumn, siteColumnOnPhone, touchTarget } from '@hub/ui/site-column';
import { NavigationRegular, PeopleCommunityRegular } from '@fluentui/react-icons';
import { appConfigAtom, authStatusAtom, routePaths, useAtomValue } from '@hub/shared';
import { HeaderNav } from './header-nav';
import { LoginButton } from './login-button';
import { ThemeToggle } from './theme-toggle';
import { useActiveNavItem } from './use-active-nav-item';
import { sideMenuMediaQuery, useMediaQuery } from './use-media-query';
import { useNavItems } from './use-nav-items';
import { useHydrated } from '../../app/use-hydrated';

// Not needed for the first screen: the side menu loads when first opened, the user menu only for
// a logged-in user (SPEC §2; issue 2 budget of 250 KB gzip on a host page).
const SideMenu = lazy(() => import('./side-menu'));
const UserMenu = lazy(() => import('./user-menu'));

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '56px',
    // The logo and the account controls on the edges of the site column, above the page's content.
    ...siteColumn,
    [belowWidth('small')]: { ...siteColumnOnPhone, gap: tokens.spacingHorizontalS },
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottomWidth: tokens.strokeWidthThin,
    borderBottomStyle: 'solid',
    borderBottomColor: tokens.colorNeutralStroke2,
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    marginInlineEnd: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    // On a phone the logo is its icon alone: still a 44 px target (issue 27).
    ...touchTarget,
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  logoIcon: { color: tokens.colorBrandForeground1, fontSize: '28px' },
  // On phones the name would push the account controls off screen: keep it for screen readers only.
  logoText: {
    [belowWidth('small')]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
  spacer: { flexGrow: 1 },
  // The header's buttons are 44 px targets on a phone or tablet (issue 27).
  touchTarget,
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // The account slot keeps the width of the "Log In" button (Fluent's 96 px minimum) whatever it
  // holds, so the theme switch beside it does not move when a restored session swaps in the avatar.
  account: { display: 'flex', justifyContent: 'flex-end', minWidth: '96px' },
  userMenuPlaceholder: { width: '32px', height: '32px' },
  // Until the session is known (issue 23: no "Log In" flash for a signed-in user): the Log In
  // button's box (Fluent's medium button: 96 × 32 px), neutral, so nothing moves when either arrives.
  sessionPlaceholder: {
    display: 'block',
    width: '96px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralStencil1,
  },
  // The prerendered Log In button, hidden (its box kept) on a page whose visitor has a stored
  // session: the head's script marks such a page before it is painted (app/session-first-paint.ts).
  // Written out (the build compiles these styles ahead of time): sessionFirstPaintAttribute. Griffel
  // puts the element's class after `:global(…)` itself (with ` &` it would ask for the class twice).
  loginWhileRestoring: { ':global(html[data-hub-session])': { visibility: 'hidden' } },
  // Until hydrated the build cannot know the width: both the menu button and the bar are in the
  // prerendered markup and CSS shows the right one (sideMenuMediaQuery); after, only that one is rendered.
  onlyNarrow: { '@media (min-width: 1240px)': { display: 'none' } },
  onlyWide: { [`@media ${sideMenuMediaQuery}`]: { display: 'none' } },
});

/** The site header of SPEC §2: logo, area navigation, theme switch and the account controls. */
export function Header() {
  const styles = useStyles();
  const productName = useAtomValue(appConfigAtom).product.name;
  const hydrated = useHydrated();
  // Prerendered anonymous: a restored session shows its avatar once hydrated, in the reserved slot;
  // until it is known, a placeholder (the prerendered Log In is hidden meanwhile, see the styles).
  const status = useAtomValue(authStatusAtom);
  const loggedIn = status === 'loggedIn' && hydrated;
  const restoring = status === 'loading' && hydrated;
  const items = useNavItems();
  const active = useActiveNavItem();

  const narrow = useMediaQuery(sideMenuMediaQuery);
  const showMenuButton = narrow || !hydrated;
  const showBar = !narrow || !hydrated;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  // SPEC §2: the side menu closes when the width crosses the breakpoint (either way).
  const [narrowBefore, setNarrowBefore] = useState(narrow);
  // Not on hydration: the width read then corrects the prerender's guess (it crosses nothing), and
  // the menu may already have been opened by a tap during hydration.
  if (narrow !== narrowBefore) {
    setNarrowBefore(narrow);
    if (hydrated) setMenuOpen(false);
  }

  const openMenu = () => {
    setMenuRequested(true);
    setMenuOpen(true);
  };

  return (
    <header className={styles.header}>
      {showMenuButton && (
        <Button
          className={mergeClasses(styles.onlyNarrow, styles.touchTarget)}
          appearance="subtle"
          icon={<NavigationRegular />}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          // Without a handler until hydrated (a press then would be lost): not usable yet, as the theme switch.
          aria-disabled={hydrated ? undefined : true}
          onClick={openMenu}
        />
      )}
      <Link to={routePaths.home()} className={styles.logo}>
        <PeopleCommunityRegular className={styles.logoIcon} aria-hidden />
        <span className={styles.logoText}>{productName}</span>
      </Link>
      {showBar && (
        <div className={styles.onlyWide}>
          <HeaderNav items={items} active={active} layout="horizontal" label="Main" />
        </div>
      )}
      <div className={styles.spacer} />
      <div className={styles.actions}>
        <ThemeToggle className={styles.touchTarget} />
        <div className={styles.account}>
          {loggedIn ? (
            <Suspense fallback={<span className={styles.userMenuPlaceholder} />}>
              <UserMenu />
            </Suspense>
          ) : restoring ? (
            <span className={styles.sessionPlaceholder} data-session-placeholder aria-hidden />
          ) : (
            <LoginButton className={mergeClasses(styles.touchTarget, !hydrated && styles.loginWhileRestoring)} />
          )}
        </div>
      </div>
      {menuRequested && (
        <Suspense fallback={null}>
          <SideMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            items={items}
            active={active}
            loggedIn={loggedIn}
            productName={productName}
          />
        </Suspense>
      )}
    </header>
  );
}
