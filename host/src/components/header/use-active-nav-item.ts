import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getCommunity } from '@hub/shared';
import { activeNavItem, communityIdFromPath, isIgnoredForHighlight, type ActiveNavItem } from './active-nav-item';

interface CommunityLookup {
  communityId: number;
  /** null when the lookup failed (SPEC §2: then nothing is highlighted). */
  communityBaseId: number | null;
}

/**
 * The header item to highlight for the current location. The callback route keeps whatever was
 * highlighted before it; community routes ask the shared, cached community client for the base id.
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
  const [lookup, setLookup] = useState<CommunityLookup | null>(null);

  useEffect(() => {
    if (communityId === null) return;
    let current = true;
    getCommunity(communityId).then(
      (community) => {
        if (current) setLookup({ communityId, communityBaseId: community.communityBaseId });
      },
      () => {
        if (current) setLookup({ communityId, communityBaseId: null });
      },
    );
    return () => {
      current = false;
    };
  }, [communityId]);

  return activeNavItem(path, (id) => (lookup?.communityId === id ? lookup.communityBaseId : undefined));
}
