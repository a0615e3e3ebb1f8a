import { CommunityBaseId } from '@hub/shared';

/** The header items that can be highlighted as the current area (SPEC §2). */
export type ActiveNavItem = 'home' | 'events' | 'communities' | 'networks' | 'manage';

/**
 * The community's base id for a looked-up community id, or null when the lookup failed.
 * `undefined` means "not known yet" (still loading) and highlights nothing either.
 */
export type CommunityBaseIdLookup = (communityId: number) => number | null | undefined;

function segmentsOf(pathname: string): string[] {
  return pathname
    .split(/[?#]/)[0]!
    .split('/')
    .filter((s) => s !== '');
}

/**
 * SPEC §2: routes containing `community` whose last segment is numeric are looked up by that id
 * (`/community/7`, `/community-form/edit/7`). Returns the id, or null for any other route.
 */
export function communityIdFromPath(pathname: string): number | null {
  const segments = segmentsOf(pathname);
  const last = segments[segments.length - 1];
  if (!last || !/^\d+$/.test(last)) return null;
  if (!segments.some((s) => s.includes('community'))) return null;
  // 'communities' does not contain 'community', so lists and overviews are never looked up.
  return Number(last);
}

/**
 * Which header item a path highlights (SPEC §2). Pure: the community lookup is passed in, so the
 * hook owns the asynchronous part. `/callback` is not handled here: the hook keeps the previous
 * highlight while on it.
 */
export function activeNavItem(pathname: string, communityBaseIdLookup: CommunityBaseIdLookup): ActiveNavItem | null {
  const segments = segmentsOf(pathname);
  const first = segments[0];
  if (first === undefined) return 'home';
  if (first === 'events' || segments.some((s) => s.includes('event-form'))) return 'events';
  const communityId = communityIdFromPath(pathname);
  if (communityId !== null) {
    const baseId = communityBaseIdLookup(communityId);
    if (baseId === null || baseId === undefined) return null;
    return baseId === CommunityBaseId.Network ? 'networks' : 'communities';
  }
  if (first === 'communities') return 'communities';
  if (first === 'networks') return 'networks';
  if (first === 'manage') return 'manage';
  return null;
}

/** SPEC §2: the sign-in return screen never changes the highlight. */
export function isIgnoredForHighlight(pathname: string): boolean {
  return segmentsOf(pathname)[0] === 'callback';
}
