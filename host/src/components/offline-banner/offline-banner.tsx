import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { offlineTexts, useOnline } from '@hub/shared';

const useStyles = makeStyles({
  region: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '1280px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalXXL,
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
