import type { QueryClient } from '@tanstack/react-query';
import { refreshUserInfo } from './get-user-info';
import { eventKeys } from './query-keys';
import { refetchFromServer } from './refetch-from-server';
import { eventQueryOptions } from './get-event';

export interface EventChange {
  eventId: number;
  /** The event's community: its page lists the community's upcoming events. */
  communityId: number;
}

/**
 * After attending, withdrawing, creating, editing or cancelling an event: the event itself is read
 * again from the API, every other events read (lists with any filter, the community's events, the
 * home widget, My hub, the viewer's own view) is marked stale so whatever shows one fetches again,
 * and the user info (its `attendingEvents`) is refreshed. Resolves when all of that has settled, so
 * the caller's button shows the new state together with the new counts and seats left.
 */
export async function afterEventChange(client: QueryClient, { eventId }: EventChange): Promise<void> {
  await Promise.all([
    refetchFromServer(client, {
      stale: [eventKeys.all],
      reads: [eventQueryOptions(eventId, { fromServer: true })],
    }),
    refreshUserInfo(),
  ]);
}
