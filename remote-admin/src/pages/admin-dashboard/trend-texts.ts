import type { AdminTrends } from '@hub/shared';

const weekFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "3 Mar": a week by its Monday (the API's `start`, a UTC date). */
export const weekLabel = (start: string) => weekFormat.format(new Date(`${start}T00:00:00Z`));
/** "Mar 2030" */
export const monthLabel = (start: string) => monthFormat.format(new Date(`${start}T00:00:00Z`));

/** "87%", or "No past attendances yet" when nothing can be rated. */
export function checkInRateText(rate: AdminTrends['checkInRate']): string {
  return rate.rate === null ? 'No past attendances yet' : `${Math.round(rate.rate * 100)}%`;
}

/** The change between the last two periods of a series, as a trend sentence for the figure. */
export function trendText(values: readonly number[], unit: string): string | null {
  if (values.length < 2) return null;
  const last = values.at(-1)!;
  const previous = values.at(-2)!;
  const diff = last - previous;
  if (diff === 0) return `Same as the ${unit} before`;
  return `${diff > 0 ? 'Up' : 'Down'} ${Math.abs(diff)} on the ${unit} before`;
}
