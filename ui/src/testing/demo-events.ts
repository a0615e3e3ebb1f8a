import type { EventPage, EventSummary } from '@hub/contract/events';

/** An event as the API lists it, with overrides: the one builder every events test uses. */
export function anEvent(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 1,
    title: 'Spring into Java',
    description: 'Talks and drinks.',
    imageUrl: '',
    startsAt: '2099-03-01T17:00:00.000Z',
    endsAt: '2099-03-01T19:00:00.000Z',
    timeZone: 'Europe/Amsterdam',
    communityId: 7,
    communityName: 'Java Guild',
    communityBaseId: 1,
    countryId: 1,
    countryName: 'Netherlands',
    capacity: 40,
    attendeeCount: 28,
    seatsLeft: 12,
    cancelled: false,
    format: 'inPerson',
    locations: [
      { eventLocationId: 11, cityName: 'Amsterdam', address: 'Dam 1', online: 'No', capacity: null, attendeeCount: 28 },
    ],
    ...overrides,
  };
}

/** One page of the list as GET api/events answers it. */
export function anEventPage(items: EventSummary[], extra: Partial<Omit<EventPage, 'items'>> = {}): EventPage {
  return { items, total: items.length, page: 1, pageSize: 20, ...extra };
}
