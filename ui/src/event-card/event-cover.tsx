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
   * How soon the browser fetches the picture (issue 14): `high` for the one most likely to be the
   * page's largest paint (an event page's cover, the first card of a list), `lazy` for covers
   * below the fold, `auto` (the browser's choice) otherwise.
   */
  priority?: CoverPriority;
}

export type CoverPriority = 'high' | 'auto' | 'lazy';

/** The frame is 2:1; the intrinsic size tells the browser the same before the picture arrives. */
const intrinsic = { width: 1200, height: 600 };

/**
 * An event's picture; without one (or when it fails to load) a cover in the community's own colour
 * with its initials and name. Decorative: the title and community are written beside it.
 */
export function EventCover({ imageUrl, communityId, communityName, className, priority = 'auto' }: EventCoverProps) {
  const styles = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = imageUrl.trim() !== '' && failed !== imageUrl;
  if (usable) {
    return (
      <div className={mergeClasses(styles.frame, className)}>
        {/* A plain img: Fluent's Image passes only the attributes it knows, and drops fetchpriority. */}
        <img
          src={imageUrl}
          alt=""
          {...intrinsic}
          className={styles.image}
          onError={() => setFailed(imageUrl)}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          loading={priority === 'lazy' ? 'lazy' : undefined}
          decoding="async"
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
