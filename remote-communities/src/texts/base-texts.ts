import { CommunityBaseId, routePaths, type CommunityBase } from '@hub/shared';

/**
 * What the area says about each community base (SPEC §3: 1 community, 2 network). The API's base
 * has only a name, so the describing sentence lives here.
 */
export interface BaseTexts {
  baseId: CommunityBaseId;
  /** The list screen's heading. */
  title: string;
  /** One of them, lower case: 'community' / 'network'. */
  singular: string;
  /** Several of them, lower case. */
  plural: string;
  description: string;
  listPath: () => string;
  overviewPath: (countryId: number | string) => string;
}

export const baseTexts: Record<CommunityBaseId, BaseTexts> = {
  [CommunityBaseId.Community]: {
    baseId: CommunityBaseId.Community,
    title: 'Communities',
    singular: 'community',
    plural: 'communities',
    description:
      'Communities bring together colleagues who share a craft or a technology: meet them at events, learn from each other and help the practice grow.',
    listPath: routePaths.communities,
    overviewPath: routePaths.communitiesOverview,
  },
  [CommunityBaseId.Network]: {
    baseId: CommunityBaseId.Network,
    title: 'Networks',
    singular: 'network',
    plural: 'networks',
    description:
      'Networks connect colleagues around a shared background, interest or stage of life: find people like you and support each other.',
    listPath: routePaths.networks,
    overviewPath: routePaths.networksOverview,
  },
};

/** The texts of a base id from the API; an unknown base reads like a community. */
export function textsOfBase(baseId: number): BaseTexts {
  return baseId === CommunityBaseId.Network ? baseTexts[CommunityBaseId.Network] : baseTexts[CommunityBaseId.Community];
}

/** The name the API gives a base ('Community', 'Network'), for badges. */
export function baseLabel(base: CommunityBase | undefined, baseId: number): string {
  return base?.name ?? (baseId === CommunityBaseId.Network ? 'Network' : 'Community');
}
