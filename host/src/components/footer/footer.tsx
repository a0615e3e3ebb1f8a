import { Link } from 'react-router';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { appConfigAtom, authStatusAtom, logout, routePaths, useAtomValue, useStore } from '@hub/shared';
import { installPromptAtom, promptInstall } from '../../install/install-prompt';
import { siteColumn, touchTarget } from '@hub/ui/site-column';
import { FooterColumn } from './footer-column';
import { useHydrationSafe } from '../../app/use-hydrated';

const useStyles = makeStyles({
  footer: {
    marginTop: 'auto',
    paddingBlock: tokens.spacingVerticalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    borderTopWidth: tokens.strokeWidthThin,
    borderTopStyle: 'solid',
    borderTopColor: tokens.colorNeutralStroke2,
  },
  // Lined up with the main region and the header: the one site column.
  inner: siteColumn,
  columns: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textDecorationLine: 'none',
    // 44 px tall on a phone or tablet (they were 16 px: issue 27), the label centred in it.
    display: 'inline-flex',
    alignItems: 'center',
    ...touchTarget,
    ':hover': {
      color: tokens.colorBrandForegroundLinkHover,
      textDecorationLine: 'underline',
    },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  linkButton: {
    padding: 0,
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    textAlign: 'start',
  },
  bottom: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalXXL,
  },
});

/** The site footer of SPEC §2: account links, areas, information pages, copyright and install. */
export function Footer() {
  const styles = useStyles();
  const store = useStore();
  const product = useAtomValue(appConfigAtom).product;
  const productName = product.name;
  // Prerendered anonymous, like the header: the account links change once hydrated.
  const loggedIn = useHydrationSafe(useAtomValue(authStatusAtom), 'loggedOut') === 'loggedIn';
  // Chromium may offer the install while React is still hydrating (in slices): the prerender had no
  // offer, so the button appears once hydrated, or React would find markup that does not match.
  const installOffer = useHydrationSafe(useAtomValue(installPromptAtom), null);
  const link = (to: string, label: string) => (
    <li>
      <Link to={to} className={styles.link}>
        {label}
      </Link>
    </li>
  );

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <FooterColumn id="footer-account" title="Your Account">
            {loggedIn ? (
              <>
                {link(routePaths.myAccount(), 'Profile')}
                {link(routePaths.myProduct(product.slug), `My ${productName}`)}
                <li>
                  <button
                    type="button"
                    className={mergeClasses(styles.link, styles.linkButton)}
                    onClick={() => void logout()}
                  >
                    Log Out
                  </button>
                </li>
              </>
            ) : (
              <>
                {link(routePaths.login(), 'Log in')}
                {link(routePaths.register(), 'Sign up')}
              </>
            )}
          </FooterColumn>
          <FooterColumn id="footer-discover" title="Discover">
            {link(routePaths.eventList(), 'Events')}
            {link(routePaths.communities(), 'Communities')}
            {link(routePaths.networks(), 'Networks')}
          </FooterColumn>
          <FooterColumn id="footer-about" title={productName}>
            {link(routePaths.about(), 'About')}
            {link(routePaths.hostingEvent(), 'How to host an event')}
            {link(routePaths.privacy(), 'Privacy Policy')}
          </FooterColumn>
        </div>
        <div className={styles.bottom}>
          {/* The prerender's year may be last year's; the browser's own is right, not a mismatch. */}
          <Text size={200} suppressHydrationWarning>
            Copyright © {new Date().getFullYear()} {productName}
          </Text>
          {installOffer && (
            <Button icon={<ArrowDownloadRegular />} onClick={() => void promptInstall(store)}>
              Add to Home Screen
            </Button>
          )}
        </div>
      </div>
    </footer>
  );
}
