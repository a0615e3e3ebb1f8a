import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventViewerInfo } from '@hub/contract/events';
import type { WhosGoing, WhosGoingChoiceAnswer, WhosGoingDefault } from '@hub/contract/whos-going';
import { authStatusAtom, userInfoAtom } from '../auth/auth-state';
import { apiFetch } from '../http/api-fetch';
import { useAtomValue } from '../store/hub-jotai';
import { hubStore } from '../store/hub-store';
import { eventKeys, userKeys } from './query-keys';
import { segment } from './read-init';

/** GET api/events/{id}/whos-going: the first names of those who agreed to be shown, and how many others go. */
export function getWhosGoing(id: number | string): Promise<WhosGoing> {
  return apiFetch<WhosGoing>(`api/events/${segment(id)}/whos-going`);
}

export const whosGoingQueryOptions = (id: number | string, userId: string) =>
  queryOptions({ queryKey: eventKeys.whosGoing(id, userId), queryFn: () => getWhosGoing(id) });

/**
 * Who else is going, for a signed-in viewer only (the API names nobody to anonymous visitors: the
 * query stays idle). Keyed by the user, and under the events key so attending or withdrawing
 * refreshes it; never kept on the device (query-persistence.ts).
 */
export function useWhosGoing(id: number) {
  const status = useAtomValue(authStatusAtom, { store: hubStore });
  const { userId } = useAtomValue(userInfoAtom, { store: hubStore });
  return useQuery({ ...whosGoingQueryOptions(id, userId), enabled: status === 'loggedIn' && userId !== '' });
}

/** PUT api/events/{id}/attendance/whos-going: whether this event's Who's going names the caller. */
export function chooseWhosGoing(eventId: number, shown: boolean): Promise<WhosGoingChoiceAnswer> {
  return apiFetch<WhosGoingChoiceAnswer>(`api/events/${segment(eventId)}/attendance/whos-going`, {
    method: 'PUT',
    json: { shown },
  });
}

/** Changes the caller's choice for one event; their own view shows it at once, the line is read again. */
export function useChooseWhosGoing(eventId: number) {
  const client = useQueryClient();
  const { userId } = useAtomValue(userInfoAtom, { store: hubStore });
  return useMutation({
    mutationFn: (shown: boolean) => chooseWhosGoing(eventId, shown),
    onSuccess: async ({ shown }) => {
      client.setQueryData<EventViewerInfo>(eventKeys.viewer(eventId, userId), (viewer) =>
        viewer ? { ...viewer, shownInWhosGoing: shown } : viewer,
      );
      await client.invalidateQueries({ queryKey: eventKeys.whosGoing(eventId, userId) });
    },
  });
}

/** GET api/user/whos-going: the caller's default for the events they attend from now on. */
export function getWhosGoingDefault(): Promise<WhosGoingDefault> {
  return apiFetch<WhosGoingDefault>('api/user/whos-going');
}

/** PUT api/user/whos-going: answers the default as stored. */
export function saveWhosGoingDefault(shownByDefault: boolean): Promise<WhosGoingDefault> {
  return apiFetch<WhosGoingDefault>('api/user/whos-going', { method: 'PUT', json: { shownByDefault } });
}

export function useWhosGoingDefault() {
  return useQuery({ queryKey: userKeys.whosGoingDefault(), queryFn: getWhosGoingDefault });
}

/** Saves, and keeps the answer as the query's data (the switch shows what the API stored). */
export function useSaveWhosGoingDefault() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWhosGoingDefault,
    onSuccess: (saved) => client.setQueryData(userKeys.whosGoingDefault(), saved),
  });
}
