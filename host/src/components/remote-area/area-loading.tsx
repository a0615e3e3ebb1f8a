import { Skeleton, SkeletonItem, Spinner } from '@fluentui/react-components';

export function AreaLoading({ label, variant }: { label: string; variant: 'page' | 'widget' }) {
  if (variant === 'widget') {
    return (
      <Skeleton aria-label={`Loading ${label}`}>
        <SkeletonItem size={24} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  }
  return <Spinner label={`Loading ${label}…`} labelPosition="below" />;
}
