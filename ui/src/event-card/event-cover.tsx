import { useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { communityColour, communityInitials } from './community-colour';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    aspectRatio: '2 / 1',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    position: 'relative',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  generated: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    // The tile's colour is the community's own (computed, never a theme token); white reaches 4.5:1 on every one.
    color: '#ffffff',
  },
  initials: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  name: {
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

export interface EventCoverProps {
  imageUrl: string;
  communityId: number;
  communityName: string;
  className?: string;
  /**
   * 'lazy' (default) for covers that may be below the fold: fetched as they come near the view.
   * 'eager' for the first ones a list shows; 'priority' for the picture a page is about (its
   * largest paint), which is also asked for before the page's other images.
   */
  loading?: 'lazy' | 'eager' | 'priority';
}

/** The frame is 2:1; the intrinsic size tells the browser the same before the picture arrives. */
const intrinsic = { width: 1200, height: 600 };

/**
 * An event's picture; without one (or when it fails to load) a cover in the community's own colour
 * with its initials and name. Decorative: the title and community are written beside it.
 */
export function EventCover({ imageUrl, communityId, communityName, className, loading = 'lazy' }: EventCoverProps) {
  const styles = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = imageUrl.trim() !== '' && failed !== imageUrl;
  if (usable) {
    return (
      <div className={mergeClasses(styles.frame, className)}>
        {/* A plain img: Fluent's Image drops `decoding` and `fetchPriority`, and its looks are not used here. */}
        <img
          src={imageUrl}
          alt=""
          {...intrinsic}
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={loading === 'priority' ? 'high' : 'auto'}
          decoding="async"
          className={styles.image}
          onError={() => setFailed(imageUrl)}
        />
      </div>
    );
  }
  return (
    <div
      className={mergeClasses(styles.frame, styles.generated, className)}
      style={{ backgroundColor: communityColour(communityId) }}
      aria-hidden="true"
      data-testid="generated-cover"
    >
      <span className={styles.initials}>{communityInitials(communityName)}</span>
      <span className={styles.name}>{communityName}</span>
    </div>
  );
}
