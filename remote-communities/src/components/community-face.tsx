import { Body1 } from '@fluentui/react-components';
import type { CommunitySummary } from '@hub/shared';
import { ItemFace, type FacePriority } from '@hub/ui/face';
import { usePageStyles } from '@hub/ui/page-styles';
import { textsOfBase } from '../texts/base-texts';

type FacedCommunity = Pick<CommunitySummary, 'id' | 'name' | 'imageUrl' | 'cover'>;

export interface CommunityPictureProps {
  community: FacedCommunity;
  /** How wide the picture is drawn where it stands (`sizes` of its srcset). */
  sizes: string;
  priority: FacePriority;
}

/** A community's picture, wide: its upload, else its address, else a tile with its name in its colour. */
export function CommunityPicture({ community, sizes, priority }: CommunityPictureProps) {
  return (
    <ItemFace
      image={community.imageUrl}
      upload={community.cover}
      colourKey={community.id}
      name={community.name}
      aspect="wide"
      sizes={sizes}
      priority={priority}
    />
  );
}

export interface CommunityFaceProps {
  community: FacedCommunity & Pick<CommunitySummary, 'description' | 'communityBaseId'>;
  /** How wide the picture is drawn on the page (`sizes` of its srcset). */
  sizes: string;
}

/**
 * A community's face on a page of its own: its picture, the page's largest paint (fetched first),
 * over its description, or a line that it has none. The top of its page (drawn by the page server
 * too, so its markup is the frame's) and its invitation show it; two elements, no wrapper, so each
 * places them in its own column.
 */
export function CommunityFace({ community, sizes }: CommunityFaceProps) {
  const page = usePageStyles();
  return (
    <>
      <CommunityPicture community={community} sizes={sizes} priority="high" />
      <Body1 as="p" block className={page.text}>
        {community.description || `This ${textsOfBase(community.communityBaseId).singular} has no description yet.`}
      </Body1>
    </>
  );
}
