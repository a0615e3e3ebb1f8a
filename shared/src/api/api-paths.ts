/**
 * The path templates of the GETs a screen may read first (issue 25): one spelling per read, used by
 * the read functions beside them and by each remote's screens declaration (each remote's src/screens.ts),
 * which puts them in its manifest for the host's early start and link prefetch. `:name` is a value
 * from the screen's address (a route parameter, or `search`: the address's own query string).
 */
export const apiPaths = {
  event: 'api/events/:id',
  eventList: 'api/events?:search',
  community: 'api/community/:id',
  communityOverview: 'api/community',
  communitiesOfBase: 'api/community/base/:id',
  /** The communities grid (issue 27): the base filtered, searched and sorted by the address's query. */
  communityGrid: 'api/community/base/:id?:search',
  communityBase: 'api/communitybase/:id',
  countries: 'api/country',
  /** The home page's public part (issue 27). */
  publicHome: 'api/home',
  /** A community's next events: one page (get-community-events.ts's page size). */
  upcomingEventsOfCommunity: 'api/events?when=upcoming&communityId=:id&pageSize=:pageSize',
  /** "Updates from the organisers" of an event and of a community (organiser-messages.ts). */
  eventMessages: 'api/events/:id/messages',
  communityMessages: 'api/community/:id/messages',
} as const;

export type ApiPathTemplate = (typeof apiPaths)[keyof typeof apiPaths];

/** A template with its `:name`s filled, each value URL-encoded but `search` (`api/events/31`); unnamed ones stay. */
export function fillApiPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    // `search` is a query string already (`when=past&page=2`); any other value is one segment.
    return name === 'search' ? String(values[name]) : encodeURIComponent(String(values[name]));
  });
}

/**
 * The values a path gives a template's `:name`s (`api/events/31` for `api/events/:id` → `{ id: '31' }`),
 * or null when the path is not that template's. A `:name` matches one path segment or query value.
 */
export function matchApiPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(:\w+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      // `search` is a whole query string; any other name one segment or value.
      return part === ':search' ? '(.*)' : '([^/?&=]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}
