import { PageLoading, RowsSkeleton } from '@hub/ui/skeletons';

export function AreaLoading({ label, variant }: { label: string; variant: 'page' | 'widget' }) {
  if (variant === 'widget') return <RowsSkeleton label={`Loading ${label}`} count={3} />;
  return <PageLoading label={label} />;
}
