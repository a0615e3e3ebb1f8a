import {
  apiPaths,
  CommunityBaseId,
  fillApiPath,
  parseId,
  type CommunityBase,
  type CommunityDetail,
  type RemoteServerFrames,
} from '@hub/shared';
import { CardsSkeleton, RowsSkeleton } from '@hub/ui/skeletons';
import { CommunityListFrame } from './pages/community-list/community-list-frame';
import { CommunityDetailFrame } from './pages/community-detail/community-detail-frame';
import { textsOfBase } from './texts/base-texts';

/**
 * The communities area's frames drawn on the host's server (issue 25), bundled for Node into this
 * area's release (shared/build/server-frames-plugin.cjs): the host's page server loads them from the
 * live release, so what these pages show first is this area's to change. Each is the very frame its
 * page renders over it once loaded.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The list of one base (communities, networks): static, the same for every visitor. */
const listFrame = (baseId: CommunityBaseId, label: string) => ({
  draw: async () => ({
    title: textsOfBase(baseId).title,
    element: (
      <CommunityListFrame baseId={baseId}>
        <CardsSkeleton label={label} />
      </CommunityListFrame>
    ),
  }),
});

export const frames: RemoteServerFrames<'communities'> = {
  communityList: listFrame(CommunityBaseId.Community, 'Loading communities'),
  networkList: listFrame(CommunityBaseId.Network, 'Loading networks'),
  communityDetail: {
    draw: async ({ params, read }) => {
      const id = parseId(params.id);
      if (id === null) return null;
      const path = fillApiPath(apiPaths.community, { id });
      const community = await read(path);
      if (!isObject(community) || community.id !== id || typeof community.communityBaseId !== 'number') return null;
      const detail = community as unknown as CommunityDetail;
      // The page shows the base's name; without its answer, the base's usual name, as the page does.
      const basePath = fillApiPath(apiPaths.communityBase, { id: detail.communityBaseId });
      const base = await read(basePath);
      const baseAnswer = isObject(base) && typeof base.name === 'string' ? (base as CommunityBase) : undefined;
      return {
        title: detail.name,
        picture: detail.imageUrl,
        answers: baseAnswer ? { [path]: community, [basePath]: baseAnswer } : { [path]: community },
        element: (
          <CommunityDetailFrame community={detail} base={baseAnswer}>
            <RowsSkeleton label="Loading the core members and events" count={4} />
          </CommunityDetailFrame>
        ),
      };
    },
  },
};
