import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCommunity } from '@hub/shared';
import { activeNavItem, communityIdFromPath, isIgnoredForHighlight, type ActiveNavItem } from './active-nav-item';

/**
 * The header item to highlight for the current location. The callback route keeps whatever was
 * highlighted before it. A community route highlights by the community's base, read from the
 * shared query cache without asking for it: every screen at such a route (detail, edit form)
 * loads that community itself, so the header follows it and an unknown id is asked for once.
 */
export function useActiveNavItem(): ActiveNavItem | null {
  const { pathname } = useLocation();

  // Adjusting state while rendering (not in an effect) keeps the previous path for /callback
  // without an extra render pass.
  const [highlightedPath, setHighlightedPath] = useState(pathname);
  const ignored = isIgnoredForHighlight(pathname);
  if (!ignored && pathname !== highlightedPath) setHighlightedPath(pathname);
  const path = ignored ? highlightedPath : pathname;

  const communityId = communityIdFromPath(path);
  const community = useCommunity(communityId, { passive: true });
  // SPEC §2: a failed lookup highlights nothing (null); undefined while it is under way.
  const baseId = community.isError ? null : community.data?.communityBaseId;

  return activeNavItem(path, (id) => (id === communityId ? baseId : undefined));
}
