import { useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { communityInitials, coverTile } from './community-colour';

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

/**
 * The 32 tile colours as classes (community-colour.ts says why not an inline style: the CSP refuses
 * one in the page's HTML). Written out, not computed, so that Griffel compiles them at build time;
 * event-cover.test.tsx checks each against communityColour.
 */
const useTileStyles = makeStyles({
  c0: { backgroundColor: '#5f801e' },
  c1: { backgroundColor: '#2e8447' },
  c2: { backgroundColor: '#7629ae' },
  c3: { backgroundColor: '#80762d' },
  c4: { backgroundColor: '#227e91' },
  c5: { backgroundColor: '#9f386f' },
  c6: { backgroundColor: '#38841f' },
  c7: { backgroundColor: '#3c389f' },
  c8: { backgroundColor: '#ae5529' },
  c9: { backgroundColor: '#2e8464' },
  c10: { backgroundColor: '#a329ae' },
  c11: { backgroundColor: '#6c7d2c' },
  c12: { backgroundColor: '#296bae' },
  c13: { backgroundColor: '#9f384d' },
  c14: { backgroundColor: '#208829' },
  c15: { backgroundColor: '#5e389f' },
  c16: { backgroundColor: '#956f23' },
  c17: { backgroundColor: '#2d807d' },
  c18: { backgroundColor: '#ae298c' },
  c19: { backgroundColor: '#53802d' },
  c20: { backgroundColor: '#293eae' },
  c21: { backgroundColor: '#9f4538' },
  c22: { backgroundColor: '#1f8449' },
  c23: { backgroundColor: '#81389f' },
  c24: { backgroundColor: '#78781c' },
  c25: { backgroundColor: '#367d9b' },
  c26: { backgroundColor: '#ae2960' },
  c27: { backgroundColor: '#39842e' },
  c28: { backgroundColor: '#3f29ae' },
  c29: { backgroundColor: '#9f6738' },
  c30: { backgroundColor: '#1f846b' },
  c31: { backgroundColor: '#9f389a' },
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
  const tiles = useTileStyles();
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
      className={mergeClasses(
        styles.frame,
        styles.generated,
        tiles[`c${coverTile(communityId)}` as keyof typeof tiles],
        className,
      )}
      aria-hidden="true"
      data-testid="generated-cover"
    >
      <span className={styles.initials}>{communityInitials(communityName)}</span>
      <span className={styles.name}>{communityName}</span>
    </div>
  );
}
