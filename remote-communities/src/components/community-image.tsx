import { useState } from 'react';
import { Image, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PeopleCommunityRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    aspectRatio: '16 / 9',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  icon: { fontSize: '48px' },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

export interface CommunityImageProps {
  imageUrl: string;
  className?: string;
}

/**
 * The community's picture, decorative (its name is always next to it); a community without one,
 * or whose picture fails to load, shows a neutral placeholder of the same size.
 */
export function CommunityImage({ imageUrl, className }: CommunityImageProps) {
  const styles = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = imageUrl.trim() !== '' && failed !== imageUrl;
  return (
    <div className={mergeClasses(styles.frame, className)}>
      {usable ? (
        <Image src={imageUrl} alt="" className={styles.image} onError={() => setFailed(imageUrl)} />
      ) : (
        <PeopleCommunityRegular className={styles.icon} aria-hidden="true" />
      )}
    </div>
  );
}
