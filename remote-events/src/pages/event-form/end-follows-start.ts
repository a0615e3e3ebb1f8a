/**
 * The end follows the start: choosing a start puts the end on the same day an hour later, unless
 * the organiser chose an end of their own that is still after the start. Wall times on the form's
 * clock ('YYYY-MM-DD', 'HH:mm'); the zone is applied when the form is sent.
 */
export interface WallTime {
  date: string;
  time: string;
}

/** The default length of an event, when only its start is known. */
export const defaultDurationMinutes = 60;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time plus minutes, as calendar arithmetic (UTC fields, so no zone or DST is involved). */
export function addMinutes({ date, time }: WallTime, minutes: number): WallTime | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const at = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]) + minutes));
  return {
    date: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
    time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
  };
}

/**
 * The end after the start changed, or null to leave the end as it is. `endDerived`: the end on the
 * form was set by this rule, not by the organiser, so it moves with the start.
 */
export function endFollowingStart(start: WallTime, end: WallTime, endDerived: boolean): WallTime | null {
  if (!DATE.test(start.date)) return null;
  const followed = TIME.test(start.time)
    ? addMinutes(start, defaultDurationMinutes)
    : // Only a day so far: the end is that day too, its time as it was.
      { date: start.date, time: end.time };
  if (!followed) return null;
  const empty = end.date === '' && end.time === '';
  const complete = DATE.test(end.date) && TIME.test(end.time) && TIME.test(start.time);
  // The same fixed-width text orders as the times do.
  const beforeStart = complete
    ? `${end.date}T${end.time}` <= `${start.date}T${start.time}`
    : DATE.test(end.date) && end.date < start.date;
  if (!endDerived && !empty && !beforeStart) return null;
  return followed.date === end.date && followed.time === end.time ? null : followed;
}
