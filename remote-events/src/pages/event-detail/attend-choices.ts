import { locationHasSeats, selectableLocations, type EventDetail, type EventLocation } from '@hub/shared';

/** One button of the attend panel: attend at once (a location, or online) or open the location picker. */
export type AttendChoice =
  | { key: 'online' | 'inPerson' | 'only'; label: string; kind: 'direct'; eventLocationId: number | null }
  | { key: 'inPerson'; label: string; kind: 'pick'; locations: EventLocation[] };

const hasSeats = locationHasSeats;

/**
 * The ways to attend an event (issue 11, SPEC §2/§5):
 * - online: one way whatever the number of online locations (the first online location with
 *   seats left is named, so the API counts the seat there);
 * - in person: the locations that are not online and have an address (the picker's rule). When
 *   there is one, and it has seats, it is attended at once; when there are several and any has
 *   seats, the picker opens with all of them, the full ones marked full and not choosable (issue
 *   23: with one of two places full, "Attend in person" used to book the other city unasked);
 * - a hybrid event offers both, labelled "Attend in person" and "Attend online";
 * - an event without any offerable way (no locations, or places without an address) is attended
 *   at its only place, or with no location at all.
 * `wait`: the event is full and the waiting list is on: the same choices join the waiting list.
 */
export function attendChoices(event: Pick<EventDetail, 'locations'>, wait = false): AttendChoice[] {
  const online = event.locations.filter((l) => l.online === 'Yes');
  const places = selectableLocations(event.locations);
  const open = places.filter(hasSeats);
  const hybrid = online.length > 0 && places.length > 0;
  const choices: AttendChoice[] = [];
  const single = wait ? 'Join the waiting list' : 'Attend';
  const inPersonLabel = hybrid ? (wait ? 'Wait for a seat in person' : 'Attend in person') : single;
  if (places.length === 1 && open.length === 1) {
    choices.push({
      key: hybrid ? 'inPerson' : 'only',
      label: inPersonLabel,
      kind: 'direct',
      eventLocationId: open[0]!.eventLocationId,
    });
  } else if (open.length > 0) {
    choices.push({ key: 'inPerson', label: inPersonLabel, kind: 'pick', locations: places });
  }
  if (online.length > 0) {
    const label = hybrid ? (wait ? 'Wait for a seat online' : 'Attend online') : single;
    // The API counts an online seat at a named online location (it must be named when there are
    // several); the first with seats left is as good as any for the attendee.
    const open = online.find(hasSeats);
    if (open)
      choices.push({ key: hybrid ? 'online' : 'only', label, kind: 'direct', eventLocationId: open.eventLocationId });
  }
  if (choices.length === 0 && online.length === 0 && selectableLocations(event.locations).length === 0) {
    // No location to choose from: the only place (announced later, no address yet), or none at all.
    const place = event.locations.find(hasSeats);
    if (event.locations.length === 0 || place)
      choices.push({ key: 'only', label: single, kind: 'direct', eventLocationId: place?.eventLocationId ?? null });
  }
  return choices;
}

/** "Amsterdam, Main street 1", "Online" or "Utrecht" (no address yet). */
export function locationText(l: EventLocation): string {
  if (l.online === 'Yes') return l.cityName ? `Online (${l.cityName})` : 'Online';
  return l.address ? `${l.cityName}, ${l.address}` : l.cityName;
}
