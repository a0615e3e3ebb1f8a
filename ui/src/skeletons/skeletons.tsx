import { makeStyles, Skeleton, SkeletonItem, Spinner, tokens } from '@fluentui/react-components';
import { usePageStyles } from '../page/page-styles';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  image: { width: '100%', height: '140px' },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Placeholder cards while a list loads, laid out in the same grid as the cards that replace them. */
export function CardsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  const styles = useStyles();
  const grid = usePageStyles();
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
