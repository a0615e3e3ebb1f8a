import type { FetchQueryOptions } from '@tanstack/react-query';
import { parseId } from '../routes/parse-id';
import { eventListQueryOptionsFor } from '../routes/event-list-params';
import { communityGridQueryOptionsFor } from '../routes/community-grid-params';
import { apiPaths, matchApiPath, type ApiPathTemplate } from './api-paths';
import { eventQueryOptions } from './get-event';
import { communityQueryOptions } from './get-community';
import { communityOverviewQueryOptions } from './get-community-overview';
import { communitiesOfBaseQueryOptions } from './get-communities-of-base';
import { communityBaseQueryOptions } from './get-community-base';
import { countriesQueryOptions } from './get-countries';
import { upcomingEventsOfCommunityQueryOptions } from './get-community-events';
import { organiserMessagesQueryOptions } from './organiser-messages';
import { publicHomeQueryOptions } from './get-home';

// The options' own types differ per endpoint; only their key and fetcher matter here.
export type AnyQueryOptions = FetchQueryOptions<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Values = Record<string, string>;

const byId = (make: (id: number) => AnyQueryOptions) => (values: Values) => {
  const id = parseId(values.id);
  return id === null ? null : make(id);
};

/**
 * Each read template's query options: a screen's first reads, named in its remote's manifest by
 * template, are prefetched under the keys its hooks read (the host's link prefetch). The query
 * string template comes last: it would match the others' query strings too.
 */
const readQueries: Array<[ApiPathTemplate, (values: Values, search: URLSearchParams) => AnyQueryOptions | null]> = [
  [apiPaths.event, byId(eventQueryOptions)],
  [apiPaths.community, byId(communityQueryOptions)],
  [apiPaths.communityOverview, () => communityOverviewQueryOptions()],
  [apiPaths.communitiesOfBase, byId(communitiesOfBaseQueryOptions)],
  [apiPaths.communityBase, byId(communityBaseQueryOptions)],
  [apiPaths.countries, () => countriesQueryOptions()],
  [apiPaths.publicHome, () => publicHomeQueryOptions()],
  [apiPaths.upcomingEventsOfCommunity, byId(upcomingEventsOfCommunityQueryOptions)],
  [apiPaths.eventMessages, byId((id) => organiserMessagesQueryOptions({ kind: 'event', id }))],
  [apiPaths.communityMessages, byId((id) => organiserMessagesQueryOptions({ kind: 'community', id }))],
  [
    apiPaths.communityGrid,
    (values, search) => {
      const id = parseId(values.id);
      return id === null ? null : communityGridQueryOptionsFor(id, search);
    },
  ],
  [apiPaths.eventList, (_, search) => eventListQueryOptionsFor(search)],
];

/**
 * The query of one first read as a manifest names it (`api/community/:id`, `api/community/base/1`),
 * for an address's route parameters and search; null for a read this build does not know (a remote
 * newer than the host's shared: its screen reads it itself) or an address it cannot fill.
 */
export function firstReadQuery(
  read: string,
  params: Partial<Record<string, string>>,
  search: URLSearchParams,
): AnyQueryOptions | null {
  for (const [template, query] of readQueries) {
    const values = matchApiPath(template, read);
    if (!values) continue;
    const filled: Values = {};
    for (const [name, value] of Object.entries(values)) {
      // `:name` in the read is the address's; anything else was written by the screen (`base/1`).
      const fromAddress = value.startsWith(':') ? params[value.slice(1)] : value;
      if (name !== 'search' && fromAddress === undefined) return null;
      filled[name] = fromAddress ?? '';
    }
    return query(filled, search);
  }
  return null;
}
