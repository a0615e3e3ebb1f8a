import type { EventLocation } from '@hub/contract/events';

/**
 * An event's places in a few words for a card: the in-person cities (each once, in the event's
 * order) and "Online" when it can be joined online. "Amsterdam", "Online",
 * "Amsterdam · Online", "Amsterdam, Utrecht and 2 more · Online". The detail page lists them all.
 */
export function locationSummary(locations: readonly Pick<EventLocation, 'cityName' | 'online'>[]): string {
  const cities: string[] = [];
  for (const location of locations) {
    const city = location.cityName.trim();
    if (location.online !== 'Yes' && city !== '' && !cities.includes(city)) cities.push(city);
  }
  const online = locations.some((l) => l.online === 'Yes');
  const shown = cities.length > 3 ? [...cities.slice(0, 2), `${cities.length - 2} more`] : cities;
  const places =
    shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
  if (places && online) return `${places} · Online`;
  if (online) return 'Online';
  return places || 'Place to be announced';
}
