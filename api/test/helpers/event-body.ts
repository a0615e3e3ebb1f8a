/**
 * Events a test makes through the API: the body of `POST /api/events` the waiting-list tests create,
 * and an event created with the fields a test is about.
 */
import type { EventInput } from '@hub/contract/events';
import { call, type TestApi } from './test-env.ts';

/**
 * The body of `POST /api/events` the waiting-list tests create: an evening in Bangalore
 * (Asia/Kolkata) of community 2, with the capacity and locations each test is about.
 */
export const eventBody = (title: string, capacity: number | null, locations: Record<string, unknown>[]) => ({
  communityId: 2,
  title,
  description: '',
  imageUrl: '',
  startsAt: '2031-03-04T15:00:00.000Z',
  endsAt: '2031-03-04T17:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  capacity,
  locations,
});

/** What a test gives of a new event: the rest is an Amsterdam event with no capacity, description or picture. */
export type NewEvent = Pick<EventInput, 'communityId' | 'title' | 'startsAt' | 'endsAt' | 'locations'> &
  Partial<EventInput>;

/** Creates an event as `token` (a core member of its community, or an admin); its id and its places' ids. */
export async function createEvent(
  api: TestApi,
  token: string,
  event: NewEvent,
): Promise<{ id: number; locationIds: number[] }> {
  const body = { description: '', imageUrl: '', capacity: null, timeZone: 'Europe/Amsterdam', ...event };
  const created = await call(api.url, 'POST', '/api/events', { token, body });
  if (created.status !== 201) throw new Error(`creating ${event.title} answered ${created.status}: ${created.text}`);
  const answer = created.json as { id: number; locations: { eventLocationId: number }[] };
  return { id: answer.id, locationIds: answer.locations.map((l) => l.eventLocationId) };
}
