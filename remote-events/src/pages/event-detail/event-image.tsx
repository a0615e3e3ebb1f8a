import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    aspectRatio: '16 / 7',
    maxHeight: '360px',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'flex-end',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  cover: {
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'flex-end',
    padding: tokens.spacingHorizontalXL,
    boxSizing: 'border-box',
    color: '#ffffff',
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightHero700,
    textShadow: '0 1px 2px rgba(0, 0, 0, 0.35)',
  },
});

/** A hue of the community (stable per community id), so covers differ between communities. */
export function communityHue(communityId: number): number {
  return (communityId * 137) % 360;
}

/**
 * The event's picture (decorative: the title is the h1 beside it). Without one, or when it fails
 * to load, a cover in the community's colour with the community's name, never a blank tile.
 */
export function EventImage({
  imageUrl,
  communityId,
  communityName,
}: {
  imageUrl: string;
  communityId: number;
  communityName: string;
}) {
  const styles = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = imageUrl.trim() !== '' && failed !== imageUrl;
  const hue = communityHue(communityId);
  return (
    <div className={styles.frame}>
      {usable ? (
        <img src={imageUrl} alt="" className={styles.image} onError={() => setFailed(imageUrl)} />
      ) : (
        <div
          className={styles.cover}
          data-cover=""
          aria-hidden="true"
          // Dark enough in both themes for white text (contrast above 4.5:1 at 30 % lightness).
          style={{ background: `linear-gradient(135deg, hsl(${hue} 60% 30%), hsl(${(hue + 40) % 360} 55% 22%))` }}
        >
          {communityName}
        </div>
      )}
    </div>
  );
}
