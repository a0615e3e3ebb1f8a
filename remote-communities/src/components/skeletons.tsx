import { makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  cards: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  image: { width: '100%', height: '140px' },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Placeholder cards while a list of communities loads. */
export function CardsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  const styles = useStyles();
  return (
    <Skeleton aria-label={label} className={styles.cards}>
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

/** Placeholder lines while text content loads. */
export function RowsSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  const styles = useStyles();
  return (
    <Skeleton aria-label={label} className={styles.rows}>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonItem key={i} size={24} />
      ))}
    </Skeleton>
  );
}
