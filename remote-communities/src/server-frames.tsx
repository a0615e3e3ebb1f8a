import {
  apiPaths,
  CommunityBaseId,
  communitiesOfBasePath,
  fillApiPath,
  parseId,
  readCommunityGridParams,
  toCommunityListFilter,
  type CommunityBase,
  type CommunityDetail,
  type CommunitySummary,
  type CountryOverview,
  type ReadAnswer,
  type RemoteServerFrames,
  type ServerFrameRequest,
} from '@hub/shared';
import { CardsSkeleton, RowsSkeleton } from '@hub/ui/skeletons';
import { CommunityListFrame } from './pages/community-list/community-list-frame';
import { CommunityGrid } from './pages/community-list/community-grid';
import { countriesOfBase, titleOfBase } from './pages/community-list/community-list-model';
import { CommunityDetailFrame } from './pages/community-detail/community-detail-frame';
import { textsOfBase } from './texts/base-texts';

/**
 * The communities area's frames drawn on the host's server (issue 25), bundled for Node into this
 * area's release (shared/build/server-frames-plugin.cjs): the host's page server loads them from the
 * live release, so what these pages show first is this area's to change. Each is the very frame its
 * page renders over it once loaded.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A read that may fail (the API slow or down) as no answer: the frame is drawn without it. */
const readOrNothing = (read: ReadAnswer, path: string) => read(path).catch(() => undefined);

const isCommunityList = (value: unknown): value is CommunitySummary[] =>
  Array.isArray(value) && value.every((c) => isObject(c) && typeof c.id === 'number' && typeof c.name === 'string');

/**
 * The list of one base (communities, networks), issue 27: the grid's view the address asks for (its
 * query: search, country, order; none is the whole base by name) drawn from the very read the page
 * makes (communitiesOfBasePath), with the base's name and the countries, whose answers the page then
 * takes from the HTML. Join / Leave is the viewer's: the page adds it. Without the grid's answer,
 * the heading over a card skeleton, the same for every visitor and address.
 */
const listFrame = (baseId: CommunityBaseId, label: string) => ({
  draw: async ({ search = '', read }: ServerFrameRequest) => {
    const params = readCommunityGridParams(new URLSearchParams(search));
    const gridPath = communitiesOfBasePath(baseId, toCommunityListFilter(params));
    const basePath = fillApiPath(apiPaths.communityBase, { id: baseId });
    const [cards, base, overview] = await Promise.all([
      readOrNothing(read, gridPath),
      readOrNothing(read, basePath),
      readOrNothing(read, apiPaths.communityOverview),
    ]);
    if (!isCommunityList(cards))
      return {
        title: textsOfBase(baseId).title,
        element: (
          <CommunityListFrame baseId={baseId}>
            <CardsSkeleton label={label} />
          </CommunityListFrame>
        ),
      };
    const baseAnswer = isObject(base) && typeof base.name === 'string' ? (base as unknown as CommunityBase) : undefined;
    const overviewAnswer = Array.isArray(overview) ? (overview as CountryOverview[]) : undefined;
    const title = baseAnswer ? titleOfBase(baseAnswer) : textsOfBase(baseId).title;
    return {
      title,
      answers: {
        [gridPath]: cards,
        ...(baseAnswer && { [basePath]: baseAnswer }),
        ...(overviewAnswer && { [apiPaths.communityOverview]: overviewAnswer }),
      },
      element: (
        <CommunityListFrame baseId={baseId} title={title}>
          <CommunityGrid
            baseId={baseId}
            title={title}
            params={params}
            onChange={() => undefined}
            countries={overviewAnswer && countriesOfBase(overviewAnswer, baseId)}
            cards={cards}
            membership={false}
          />
        </CommunityListFrame>
      ),
    };
  },
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
        // An uploaded cover wins over the address (ItemFace), and its <img> in the HTML picks its size:
        // a preload of the address would fetch a picture nobody sees.
        picture: detail.cover ? undefined : detail.imageUrl,
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
