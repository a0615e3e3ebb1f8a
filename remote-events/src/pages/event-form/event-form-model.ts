/**
 * The event form's values, rules and conversions: what the organiser types (a date, a time, a
 * zone, seats as text) ↔ the API's `EventInput` (instants, numbers, nulls). The schema is built
 * from @hub/contract's EventInput so the browser refuses what the API refuses; `checkEvent` adds
 * the rules JSON Schema cannot say (end after start, not in the past, seats within the event's,
 * an in-person place needs its address, the hour skipped by a DST change).
 */
import { Type, type Static } from '@sinclair/typebox';
import { VISIBILITIES } from '@hub/contract/visibility';
import { EventInput, LocationInput } from '@hub/contract/events';
import type { EventDetail, EventInput as EventBody } from '@hub/shared';
import type { FieldSetups } from '@hub/ui/form';
import { formatInZone, toInstant, toWallTime, viewerTimeZone, type ZonedResult } from './zoned-time';

/** The API's bounds (@hub/contract/events), also the inputs' maxLength. */
export const eventLimits = {
  title: EventInput.properties.title.maxLength ?? 200,
  description: EventInput.properties.description.maxLength ?? 10_000,
  imageUrl: EventInput.properties.imageUrl.maxLength ?? 2048,
  capacity: 100_000,
  locations: EventInput.properties.locations.maxItems ?? 20,
  cityName: LocationInput.properties.cityName.maxLength ?? 100,
  address: 300,
  joinUrl: 2048,
  arrivalNotes: 500,
} as const;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';
const SEATS = '^\\d*$';

/** The string member of the contract's `X | null` (the form holds '' for null). */
const addressText = LocationInput.properties.address.anyOf[0];
const joinUrlText = LocationInput.properties.joinUrl.anyOf[0];
const arrivalNotesText = LocationInput.properties.arrivalNotes.anyOf[0];

export const locationFormSchema = Type.Object({
  /** The id of a location the event already has ('' for a new one): attendees keep their choice. */
  eventLocationId: Type.String(),
  cityName: LocationInput.properties.cityName,
  address: addressText,
  online: Type.Union([Type.Literal('Yes'), Type.Literal('No')]),
  joinUrl: Type.Union([joinUrlText, Type.Literal('')]),
  capacity: Type.String({ pattern: SEATS, maxLength: 6 }),
  /** What attendees of an in-person place need on arrival ('' for none). */
  arrivalNotes: arrivalNotesText,
});
export type LocationFormValues = Static<typeof locationFormSchema>;

export const eventFormSchema = Type.Object({
  communityId: Type.String({ minLength: 1 }),
  title: EventInput.properties.title,
  description: EventInput.properties.description,
  imageUrl: EventInput.properties.imageUrl,
  startDate: Type.String({ minLength: 1, pattern: DATE }),
  startTime: Type.String({ minLength: 1, pattern: TIME }),
  endDate: Type.String({ minLength: 1, pattern: DATE }),
  endTime: Type.String({ minLength: 1, pattern: TIME }),
  timeZone: EventInput.properties.timeZone,
  capacity: Type.String({ pattern: SEATS, maxLength: 6 }),
  locations: Type.Array(locationFormSchema, { minItems: 1, maxItems: eventLimits.locations }),
  /** The reminders mailed to attendees a day and an hour before (on unless the organiser switches them off). */
  remindDayBefore: Type.Boolean(),
  remindHourBefore: Type.Boolean(),
  /** Who can see it (issue 28), within what its community allows. */
  visibility: Type.Union(VISIBILITIES.map((v) => Type.Literal(v))),
});
export type EventFormValues = Static<typeof eventFormSchema>;

const seatsMessage = 'Enter a whole number of seats, or leave it empty for no limit.';
const timeMessage = 'Enter a time such as 18:30 (24-hour clock).';

export const eventFields = {
  communityId: { label: 'Community', messages: { required: 'Choose the community that holds the event.' } },
  title: {
    label: 'Title',
    messages: { required: 'Enter a title.', tooLong: `The title can be at most ${eventLimits.title} characters.` },
  },
  description: {
    label: 'Description',
    messages: {
      tooLong: `The description can be at most ${eventLimits.description.toLocaleString('en-GB')} characters.`,
    },
  },
  imageUrl: {
    label: 'Image URL',
    messages: { format: 'Enter a full web address starting with https://, or leave it empty.' },
  },
  startDate: {
    label: 'Start date',
    messages: { required: 'Choose the start date.', pattern: 'Choose the start date.' },
  },
  startTime: { label: 'Start time', messages: { required: 'Enter the start time.', pattern: timeMessage } },
  endDate: { label: 'End date', messages: { required: 'Choose the end date.', pattern: 'Choose the end date.' } },
  endTime: { label: 'End time', messages: { required: 'Enter the end time.', pattern: timeMessage } },
  timeZone: {
    label: 'Time zone',
    messages: {
      format: 'Choose a time zone from the list, such as Europe/Amsterdam.',
      tooLong: 'Choose a time zone from the list.',
    },
  },
  capacity: { label: 'Capacity', messages: { pattern: seatsMessage, tooLong: seatsMessage } },
  locations: { label: 'Locations' },
  'locations.*.eventLocationId': { label: 'Location' },
  'locations.*.cityName': {
    label: 'City',
    messages: { tooLong: `The city can be at most ${eventLimits.cityName} characters.` },
  },
  'locations.*.address': {
    label: 'Address',
    messages: { tooLong: `The address can be at most ${eventLimits.address} characters.` },
  },
  'locations.*.online': { label: 'Online' },
  'locations.*.joinUrl': {
    label: 'Join link',
    messages: { format: 'Enter the meeting link, starting with https://, or leave it empty.' },
  },
  'locations.*.capacity': { label: 'Seats here', messages: { pattern: seatsMessage, tooLong: seatsMessage } },
  'locations.*.arrivalNotes': {
    label: 'Arrival notes',
    messages: { tooLong: `The arrival notes can be at most ${eventLimits.arrivalNotes} characters.` },
  },
  remindDayBefore: { label: 'Reminder a day before' },
  remindHourBefore: { label: 'Reminder an hour before' },
  visibility: { label: 'Who can see it', messages: { invalid: 'Choose who can see it.' } },
} satisfies FieldSetups<typeof eventFormSchema>;

/** The API's names for fields the form holds differently: its 400 details land on these. */
export const eventServerPaths = { startsAt: 'startDate', endsAt: 'endDate' };

export const emptyLocation = (online: 'Yes' | 'No' = 'No'): LocationFormValues => ({
  eventLocationId: '',
  cityName: '',
  address: '',
  online,
  joinUrl: '',
  capacity: '',
  arrivalNotes: '',
});

export function emptyEventForm(communityId: number | null, timeZone = viewerTimeZone()): EventFormValues {
  return {
    communityId: communityId === null ? '' : String(communityId),
    title: '',
    description: '',
    imageUrl: '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    timeZone,
    capacity: '',
    locations: [emptyLocation()],
    remindDayBefore: true,
    remindHourBefore: true,
    // Narrowed to the community's own once one is chosen (the form offers only what it allows).
    visibility: 'public',
  };
}

/** An event as the edit form starts: its times on the clocks of its own zone, join links from the manager's view. */
export function formValuesOf(event: EventDetail, joinLinks: ReadonlyMap<number, string> = new Map()): EventFormValues {
  const start = toWallTime(event.startsAt, event.timeZone);
  const end = toWallTime(event.endsAt, event.timeZone);
  return {
    communityId: String(event.communityId),
    title: event.title,
    description: event.description,
    imageUrl: event.imageUrl,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone: event.timeZone,
    capacity: event.capacity === null ? '' : String(event.capacity),
    locations: event.locations.map((l) => ({
      eventLocationId: String(l.eventLocationId),
      cityName: l.cityName,
      address: l.address ?? '',
      online: l.online,
      joinUrl: joinLinks.get(l.eventLocationId) ?? '',
      capacity: l.capacity === null ? '' : String(l.capacity),
      arrivalNotes: l.arrivalNotes ?? '',
    })),
    remindDayBefore: event.reminders.dayBefore,
    remindHourBefore: event.reminders.hourBefore,
    visibility: event.visibility ?? 'public',
  };
}

export interface CheckContext {
  /** A new event may not start in the past; an edit may keep a past time. */
  mode: 'create' | 'edit';
  now: () => Date;
  /** People attending the edited event, overall and per location id (the API refuses less capacity). */
  attendees?: { total: number; byLocation: ReadonlyMap<number, number> };
}

const seats = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= eventLimits.capacity;
const outOfRange = `Enter a number of seats from 1 to ${eventLimits.capacity.toLocaleString('en-GB')}, or leave it empty for no limit.`;

/** "02:30 does not exist on 31 Mar 2030 in Europe/Amsterdam…" for a wall time the clocks skip. */
function skippedMessage(
  which: 'start' | 'end',
  time: string,
  result: Extract<ZonedResult, { kind: 'skipped' }>,
  zone: string,
) {
  const next = toWallTime(result.next, zone).time;
  return `There is no ${time} on that day in ${zone}: the clocks go forward. Choose ${next} or later for the ${which}.`;
}

/** The rules the schema cannot say, by field path (see useHubForm's `check`). */
export function checkEvent(values: EventFormValues, context: CheckContext): Record<string, string | undefined> {
  const problems: Record<string, string | undefined> = {};
  const zone = values.timeZone;
  const start = toInstant({ date: values.startDate, time: values.startTime }, zone);
  const end = toInstant({ date: values.endDate, time: values.endTime }, zone);
  if (start.kind === 'skipped') problems['startTime'] = skippedMessage('start', values.startTime, start, zone);
  if (end.kind === 'skipped') problems['endTime'] = skippedMessage('end', values.endTime, end, zone);
  if (start.kind === 'ok' && end.kind === 'ok' && end.instant <= start.instant) {
    problems[values.endDate < values.startDate ? 'endDate' : 'endTime'] = 'The end must be after the start.';
  }
  if (context.mode === 'create' && start.kind === 'ok' && start.instant < context.now()) {
    const today = toWallTime(context.now(), zone).date;
    problems[values.startDate < today ? 'startDate' : 'startTime'] =
      `A new event cannot start in the past (it is now ${formatInZone(context.now(), zone)}).`;
  }

  const capacity = seats(values.capacity);
  if (capacity !== null && !inRange(capacity)) problems['capacity'] = outOfRange;
  else if (capacity !== null && context.attendees && capacity < context.attendees.total) {
    problems['capacity'] = `${context.attendees.total} people already attend: the capacity cannot be lower than that.`;
  }

  values.locations.forEach((location, i) => {
    const at = (field: keyof LocationFormValues) => `locations.${i}.${field}`;
    if (location.online === 'No') {
      if (location.cityName.trim() === '') problems[at('cityName')] = 'Enter the city of this place.';
      if (location.address.trim() === '') problems[at('address')] = 'Enter the address where people meet.';
    }
    const here = seats(location.capacity);
    const attending = context.attendees?.byLocation.get(Number(location.eventLocationId)) ?? 0;
    if (here === null) return;
    if (!inRange(here)) problems[at('capacity')] = outOfRange;
    else if (capacity !== null && here > capacity)
      problems[at('capacity')] = `A location cannot have more seats than the event (${capacity}).`;
    else if (here < attending)
      problems[at('capacity')] = `${attending} people already attend here: the seats cannot be fewer.`;
  });
  return problems;
}

/** The API body of valid values (checkEvent found nothing). */
export function toEventInput(values: EventFormValues): EventBody {
  const instant = (date: string, time: string) => {
    const result = toInstant({ date, time }, values.timeZone);
    if (result.kind !== 'ok') throw new Error(`Not a time in ${values.timeZone}: ${date} ${time}`);
    return result.instant.toISOString();
  };
  return {
    communityId: Number(values.communityId),
    title: values.title.trim(),
    description: values.description.trim(),
    imageUrl: values.imageUrl.trim(),
    startsAt: instant(values.startDate, values.startTime),
    endsAt: instant(values.endDate, values.endTime),
    timeZone: values.timeZone,
    capacity: seats(values.capacity),
    locations: values.locations.map((l) => ({
      ...(l.eventLocationId ? { eventLocationId: Number(l.eventLocationId) } : {}),
      cityName: l.cityName.trim(),
      // An online place has no street address; its link is what people need.
      address: l.online === 'No' ? l.address.trim() : null,
      online: l.online,
      capacity: seats(l.capacity),
      joinUrl: l.online === 'Yes' && l.joinUrl.trim() !== '' ? l.joinUrl.trim() : null,
      arrivalNotes: l.online === 'No' && l.arrivalNotes.trim() !== '' ? l.arrivalNotes.trim() : null,
    })),
    reminders: { dayBefore: values.remindDayBefore, hourBefore: values.remindHourBefore },
    visibility: values.visibility,
  };
}

/**
 * "Copy event": a new event started from an existing one with everything but its dates, which the
 * organiser chooses again. Its places are new places (no attendees of the old one), without the
 * old meeting's join links; the community stays when the organiser may hold events in it.
 */
export function copyValuesOf(event: EventDetail, mayUseCommunity: boolean): EventFormValues {
  const values = formValuesOf(event);
  return {
    ...values,
    communityId: mayUseCommunity ? values.communityId : '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    locations: values.locations.map((l) => ({ ...l, eventLocationId: '', joinUrl: '' })),
  };
}

const isStringRecord = (value: unknown, like: object): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(like).every(([key, v]) => typeof (value as Record<string, unknown>)[key] === typeof v);

/**
 * A draft read back from this device as the form's values, or null when it is not one (another
 * version of the form, a damaged entry): only the fields the form has, each of its own type.
 */
export function draftValuesOf(stored: unknown, like: EventFormValues): EventFormValues | null {
  const { locations: _locations, ...rest } = like;
  if (!isStringRecord(stored, rest)) return null;
  const storedLocations = (stored as { locations?: unknown }).locations;
  if (!Array.isArray(storedLocations) || storedLocations.length === 0) return null;
  const sample = emptyLocation();
  if (!storedLocations.every((l) => isStringRecord(l, sample))) return null;
  const values = Object.fromEntries(Object.keys(rest).map((key) => [key, stored[key]])) as Omit<
    EventFormValues,
    'locations'
  >;
  return {
    ...values,
    locations: (storedLocations as LocationFormValues[]).map((l) => ({
      eventLocationId: l.eventLocationId,
      cityName: l.cityName,
      address: l.address,
      arrivalNotes: l.arrivalNotes,
      online: l.online === 'Yes' ? 'Yes' : 'No',
      joinUrl: l.joinUrl,
      capacity: l.capacity,
    })),
  };
}
