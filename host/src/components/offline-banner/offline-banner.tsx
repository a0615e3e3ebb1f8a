import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { offlineTexts, useOnline } from '@hub/shared';
import { belowWidth, breakpoints, fromWidth } from '@hub/ui/breakpoints';

const useStyles = makeStyles({
  // The same column as the page's main region (site-layout.tsx), so the banner lines up with the
  // content under it at every width.
  region: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: `${breakpoints.large}px`,
    [fromWidth('xLarge')]: { maxWidth: `${breakpoints.large + 320}px` },
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalXXL,
    [belowWidth('small')]: { paddingInline: tokens.spacingHorizontalL },
    paddingTop: tokens.spacingVerticalM,
    ':empty': { display: 'none' },
  },
});

/**
 * Shown on every page while the device is offline. The region is always on the page and polite, so
 * a screen reader hears the banner when it appears without losing its place.
 */
export function OfflineBanner() {
  const styles = useStyles();
  const online = useOnline();
  return (
    <div className={styles.region} aria-live="polite">
      {online ? null : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{offlineTexts.bannerTitle}</MessageBarTitle>
            {offlineTexts.bannerBody}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
