import { lazy, Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { onToasterWanted } from '@hub/ui/show-toast';
import { Outlet } from 'react-router';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Header } from '../components/header/header';
import { Footer } from '../components/footer/footer';
import { DialogHost } from '../components/dialogs/dialog-host';
import { OfflineBanner } from '../components/offline-banner/offline-banner';
import { belowWidth } from '@hub/ui/breakpoints';
import { siteColumn, siteColumnOnPhone, touchTargetButtons } from '@hub/ui/site-column';

export const mainContentId = 'main-content';

// The toaster (Fluent's Toast, about 25 KB gzip) is loaded when the first toast is asked for,
// not on first paint; that toast waits for it (@hub/ui/show-toast).
const HubToaster = lazy(() => import('@hub/ui/toaster').then((m) => ({ default: m.HubToaster })));

function ToasterOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <HubToaster />
    </Suspense>
  ) : null;
}

const useStyles = makeStyles({
  // Every area's buttons are 44 px targets on a phone or tablet (issue 27).
  site: { display: 'flex', flexDirection: 'column', minHeight: '100vh', flexGrow: 1, ...touchTargetButtons },
  skipLink: {
    position: 'absolute',
    insetInlineStart: tokens.spacingHorizontalS,
    top: '-100px',
    zIndex: 1000,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    boxShadow: tokens.shadow16,
    ':focus': {
      top: tokens.spacingVerticalS,
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  main: {
    flexGrow: 1,
    // The footer starts below the fold, so a page's content arriving (a remote, an API answer)
    // never pushes a visible footer down: Lighthouse found every layout shift of the site there.
    minHeight: '100vh',
    // On the one column the header and footer use (SPEC §9's breakpoints).
    ...siteColumn,
    paddingBlock: tokens.spacingVerticalXXL,
    [belowWidth('small')]: { ...siteColumnOnPhone, paddingBlock: tokens.spacingVerticalXL },
    ':focus': { outlineStyle: 'none' },
  },
});

/**
 * The site's chrome around every route: skip link, header, the route's page, footer, the
 * dialog host and the toaster for action results. Router-level behaviours (scroll restoration, last-visited tracking, anchors) live
 * in routing/root-layout.tsx, which renders this. `page` stands in for the route's page while the
 * first navigation waits for its guards (create-routes.tsx).
 */
export function SiteLayout({ page }: { page?: ReactNode }) {
  const styles = useStyles();
  // Focus the main region directly rather than following "#main-content": a hash change would
  // become a router navigation and be stored as the last visited URL.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <div className={styles.site}>
      <a href={`#${mainContentId}`} className={styles.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <Header />
      <OfflineBanner />
      <main id={mainContentId} tabIndex={-1} className={styles.main}>
        {page ?? <Outlet />}
      </main>
      <Footer />
      <DialogHost />
      <ToasterOnDemand />
    </div>
  );
}
