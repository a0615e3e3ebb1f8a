/** RFC 5545 calendar text for one event. */
export interface IcsEvent {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  cancelled: boolean;
  locations: { cityName: string; address: string | null; online: 'Yes' | 'No' }[];
  communityName: string;
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and newlines; control characters are dropped. */
/** Control characters other than tab and line breaks have no place in a calendar text value. */
function withoutControls(value: string): string {
  return Array.from(value)
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('');
}

function text(value: string): string {
  return withoutControls(value)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function eventToIcs(event: IcsEvent, siteUrl: string, host: string): string {
  const where = event.locations
    .map((l) => (l.online === 'Yes' ? 'Online' : [l.address, l.cityName].filter(Boolean).join(', ')))
    .filter(Boolean)
    .join(' / ');
  const url = `${siteUrl}/events/${event.id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Community Hub//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${stamp(event.updatedAt)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(event.endsAt)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(`${event.description}\n\n${event.communityName}\n${url}`)}`,
    ...(where ? [`LOCATION:${text(where)}`] : []),
    `URL:${url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
