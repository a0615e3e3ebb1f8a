import { routePaths } from '@hub/shared';

/**
 * SPEC §2 gives the management area one route, `/manage`; one event's attendee list is a view of
 * it selected in the address (`/manage?event=7`), so a reload, a shared link and Back all work
 * without a route of its own in the host's table.
 */
export const manageEventParam = 'event';

export function manageEventPath(eventId: number): string {
  return `${routePaths.manage()}?${manageEventParam}=${eventId}`;
}
