import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventViewerInfo } from '@hub/contract/events';
import { authStatusAtom, userInfoAtom } from '../auth/auth-state';
import { apiFetch } from '../http/api-fetch';
import { useAtomValue } from '../store/hub-jotai';
import { hubStore } from '../store/hub-store';
import { eventKeys } from './query-keys';
import { readInit, segment, type ReadOptions } from './read-init';

/** GET api/events/{id}/me: the signed-in caller's attendance, waiting-list place, rights and join links. */
export function getEventViewer(id: number | string, options?: ReadOptions): Promise<EventViewerInfo> {
  return apiFetch<EventViewerInfo>(`api/events/${segment(id)}/me`, readInit(options));
}

export const eventViewerQueryOptions = (id: number | string, userId: string, options?: ReadOptions) =>
  queryOptions({ queryKey: eventKeys.viewer(id, userId), queryFn: () => getEventViewer(id, options) });

/**
 * The caller's own view of an event. Only asked once signed in (an anonymous visitor has none:
 * the query stays idle); keyed by the user so a change of account never shows the previous one's.
 */
export function useEventViewer(id: number | null) {
  // The site's one store, named so the hook reads it even where no jotai Provider wraps the tree.
  const status = useAtomValue(authStatusAtom, { store: hubStore });
  const { userId } = useAtomValue(userInfoAtom, { store: hubStore });
  const signedIn = status === 'loggedIn' && userId !== '';
  return useQuery({ ...eventViewerQueryOptions(id ?? '', userId), enabled: signedIn && id !== null });
}
