import { useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ImageRef } from '@hub/contract/images';
import { communityInitials, coverTile } from './community-colour';
import { faceOfUpload } from './uploaded-face';

/**
 * The face of an event or a community (issue 27): its picture when it has one, else a tile in its
 * community's colour with its initials and name. One component for event cards, the event page's
 * cover, community cards and the community page, so that an event and its community look alike.
 */

const useStyles = makeStyles({
  frame: {
    width: '100%',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    position: 'relative',
  },
  // The frame's shape is fixed before the picture arrives (CLS 0): an event's cover is 2:1, a
  // community's picture 16:9 (the community page's 560x315 block), a compact face square.
  cover: { aspectRatio: '2 / 1' },
  wide: { aspectRatio: '16 / 9' },
  square: { aspectRatio: '1 / 1' },
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
  compact: { justifyContent: 'center', alignItems: 'center', padding: tokens.spacingHorizontalXS },
  initials: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  smallInitials: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
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

/**
 * Where a picture's subject is (its focal point) as classes, for the same reason as the tiles: an
 * inline object-position would be refused by the CSP in the page's HTML. A focal point is rounded
 * to the nearest quarter, which keeps a subject in view in every crop the frames make.
 */
const useFocalStyles = makeStyles({
  x0y0: { objectPosition: '0% 0%' },
  x0y25: { objectPosition: '0% 25%' },
  x0y50: { objectPosition: '0% 50%' },
  x0y75: { objectPosition: '0% 75%' },
  x0y100: { objectPosition: '0% 100%' },
  x25y0: { objectPosition: '25% 0%' },
  x25y25: { objectPosition: '25% 25%' },
  x25y50: { objectPosition: '25% 50%' },
  x25y75: { objectPosition: '25% 75%' },
  x25y100: { objectPosition: '25% 100%' },
  x50y0: { objectPosition: '50% 0%' },
  x50y25: { objectPosition: '50% 25%' },
  x50y50: { objectPosition: '50% 50%' },
  x50y75: { objectPosition: '50% 75%' },
  x50y100: { objectPosition: '50% 100%' },
  x75y0: { objectPosition: '75% 0%' },
  x75y25: { objectPosition: '75% 25%' },
  x75y50: { objectPosition: '75% 50%' },
  x75y75: { objectPosition: '75% 75%' },
  x75y100: { objectPosition: '75% 100%' },
  x100y0: { objectPosition: '100% 0%' },
  x100y25: { objectPosition: '100% 25%' },
  x100y50: { objectPosition: '100% 50%' },
  x100y75: { objectPosition: '100% 75%' },
  x100y100: { objectPosition: '100% 100%' },
});

/** A picture with the sizes the server made of it (engineer `faces` fills these from an upload). */
export interface FaceImage {
  /** The address of the picture (the largest size, or the only one). */
  url: string;
  /** `srcset` of the sizes made of it, when there are several. */
  srcSet?: string;
  /** `srcset` of the same sizes in AVIF, offered first (a `<picture>` source) to browsers that decode it. */
  avifSrcSet?: string;
  width?: number;
  height?: number;
}

/** The subject of a picture, from its left/top edge: 0 to 1 on each axis. */
export interface FocalPoint {
  x: number;
  y: number;
}

export type FacePriority = 'high' | 'auto' | 'lazy';
export type FaceAspect = 'cover' | 'wide' | 'square';

export interface ItemFaceProps {
  /** The name written on the generated tile (a community's name; an event shows its community's). */
  name: string;
  /** What picks the tile's colour: the community's id (an event passes its community's). */
  colourKey: number;
  /** The picture: an address, or an uploaded image with its sizes; empty or absent for none. */
  image?: string | FaceImage | null;
  focal?: FocalPoint | null;
  /** An uploaded image (issue 27): when there is one it wins over `image`, with its sizes, formats and focal point. */
  upload?: ImageRef | null;
  aspect?: FaceAspect;
  /** `sizes` for the srcset: how wide the face is drawn (defaults to the full viewport). */
  sizes?: string;
  className?: string;
  /**
   * How soon the browser fetches the picture (issue 14): `high` for the one most likely to be the
   * page's largest paint (an event page's cover, the first card of a list), `lazy` for pictures
   * below the fold, `auto` (the browser's choice) otherwise.
   */
  priority?: FacePriority;
}

/** The intrinsic size of each frame tells the browser its shape before the picture arrives. */
const intrinsic: Record<FaceAspect, { width: number; height: number }> = {
  cover: { width: 1200, height: 600 },
  wide: { width: 1280, height: 720 },
  square: { width: 400, height: 400 },
};

const quarter = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 4) * 25;

/** The focal class's name for a point, centred when there is none. */
export function focalClass(focal: FocalPoint | null | undefined): `x${number}y${number}` {
  return focal ? `x${quarter(focal.x)}y${quarter(focal.y)}` : 'x50y50';
}

function pictureOf(image: ItemFaceProps['image']): FaceImage | null {
  if (!image) return null;
  const picture = typeof image === 'string' ? { url: image } : image;
  return picture.url.trim() === '' ? null : picture;
}

/**
 * An event's or community's picture; without one (or when it fails to load) a tile in the
 * community's own colour with its initials (and name, on the larger shapes). Decorative: the name
 * is written beside it.
 */
export function ItemFace({
  name,
  colourKey,
  image,
  focal: givenFocal,
  upload,
  aspect = 'cover',
  sizes,
  className,
  priority = 'auto',
}: ItemFaceProps) {
  const styles = useStyles();
  const tiles = useTileStyles();
  const focals = useFocalStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const uploaded = faceOfUpload(upload);
  const picture = uploaded?.image ?? pictureOf(image);
  const focal = uploaded?.focal ?? givenFocal;
  if (picture && failed !== picture.url) {
    const size = picture.width && picture.height ? { width: picture.width, height: picture.height } : intrinsic[aspect];
    // A plain img: Fluent's Image passes only the attributes it knows, and drops fetchpriority.
    const img = (
      <img
        src={picture.url}
        srcSet={picture.srcSet}
        sizes={picture.srcSet ? (sizes ?? '100vw') : undefined}
        alt=""
        {...size}
        className={mergeClasses(styles.image, focals[focalClass(focal) as keyof typeof focals])}
        onError={() => setFailed(picture.url)}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        loading={priority === 'lazy' ? 'lazy' : undefined}
        decoding="async"
      />
    );
    return (
      <div className={mergeClasses(styles.frame, styles[aspect], className)}>
        {picture.avifSrcSet ? (
          <picture>
            <source type="image/avif" srcSet={picture.avifSrcSet} sizes={sizes ?? '100vw'} />
            {img}
          </picture>
        ) : (
          img
        )}
      </div>
    );
  }
  const compact = aspect === 'square';
  return (
    <div
      className={mergeClasses(
        styles.frame,
        styles[aspect],
        styles.generated,
        compact && styles.compact,
        tiles[`c${coverTile(colourKey)}` as keyof typeof tiles],
        className,
      )}
      aria-hidden="true"
      data-testid="generated-cover"
    >
      <span className={compact ? styles.smallInitials : styles.initials}>{communityInitials(name)}</span>
      {!compact && <span className={styles.name}>{name}</span>}
    </div>
  );
}
