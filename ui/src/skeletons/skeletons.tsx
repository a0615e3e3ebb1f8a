import { useEffect, useState, type ReactElement } from 'react';
import { makeStyles, Skeleton, SkeletonItem, Spinner, tokens } from '@fluentui/react-components';
import { offlineTexts, useOnline } from '@hub/shared';
import { Notice } from '../notice/notice';
import { usePageStyles } from '../page/page-styles';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  image: { width: '100%', height: '140px' },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * How long a placeholder shimmers offline before it says that nothing is coming. The answers kept
 * for offline reading are restored from IndexedDB within a few hundred milliseconds of a page's
 * start; saying "not saved" at once would flash over a page that is about to appear.
 */
export const offlinePatienceMs = 800;

/**
 * Offline, a read that has no answer yet is paused by the query layer until the network is back
 * (it resumes by itself then). Shimmering placeholders would promise a page that cannot come, so
 * after a moment they give way to a notice that says so (issue 23: an unvisited list offline showed
 * skeletons for ever). Back online, the placeholder returns until the answer arrives.
 */
function useWaitingOffline(): boolean {
  const online = useOnline();
  const [patienceOver, setPatienceOver] = useState(false);
  useEffect(() => {
    if (online) {
      setPatienceOver(false);
      return;
    }
    const timer = setTimeout(() => setPatienceOver(true), offlinePatienceMs);
    return () => clearTimeout(timer);
  }, [online]);
  return !online && patienceOver;
}

function NotSavedOffline(): ReactElement {
  return (
    <Notice title={offlineTexts.notSavedTitle} intent="warning" data-offline-unsaved="">
      {offlineTexts.notSavedBody}
    </Notice>
  );
}

/** Placeholder cards while a list loads, laid out in the same grid as the cards that replace them. */
export function CardsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  const styles = useStyles();
  const grid = usePageStyles();
  const waitingOffline = useWaitingOffline();
  if (waitingOffline) return <NotSavedOffline />;
  return (
    <Skeleton aria-label={label} className={grid.cards}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <SkeletonItem shape="rectangle" className={styles.image} />
          <SkeletonItem size={20} />
          <SkeletonItem size={12} />
        </div>
      ))}
    </Skeleton>
  );
}

/** Placeholder lines while text content (or a small widget) loads. */
export function RowsSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  const styles = useStyles();
  const waitingOffline = useWaitingOffline();
  if (waitingOffline) return <NotSavedOffline />;
  return (
    <Skeleton aria-label={label} className={styles.rows}>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonItem key={i} size={i === 0 ? 24 : 16} />
      ))}
    </Skeleton>
  );
}

/** A whole page (or area) loading, before its layout is known. */
export function PageLoading({ label }: { label: string }) {
  return <Spinner label={`Loading ${label}…`} labelPosition="below" />;
}
