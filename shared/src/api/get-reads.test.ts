import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { stubFetch } from '../testing/fake-fetch';
import { businessUnitsQueryOptions } from './get-business-units';
import { communitiesOfBaseQueryOptions } from './get-communities-of-base';
import { communityBaseQueryOptions } from './get-community-base';
import { upcomingEventsOfCommunityQueryOptions } from './get-community-events';
import { communityOverviewQueryOptions } from './get-community-overview';
import { countriesQueryOptions } from './get-countries';
import { eventQueryOptions } from './get-event';
import { eventsQueryOptions } from './get-events';
import { myEventsQueryOptions } from './get-my-events';
import { calendarFeedQueryOptions } from './calendar-feed';
import { communityBaseKeys, communityKeys, eventKeys, referenceKeys, userKeys } from './query-keys';

/**
 * Every cached GET besides the community itself (get-community.test.tsx holds the full SPEC §7
 * story): its path, its key, and the 600000 ms rule through the shared defaults.
 */
/** Rows of different answer types: the table only needs what fetchQuery takes. */
type Read = readonly [
  name: string,
  options: FetchQueryOptions<unknown, Error, unknown, QueryKey, never>,
  key: QueryKey,
  path: string,
];
const row = <T, K extends QueryKey>(
  name: string,
  options: FetchQueryOptions<T, Error, T, K, never>,
  key: K,
  path: string,
) => [name, options as unknown as Read[1], key, path] as const satisfies Read;

const reads: Read[] = [
  row('GET api/community', communityOverviewQueryOptions(), communityKeys.overview(), 'api/community'),
  row('GET api/community/base/{id}', communitiesOfBaseQueryOptions(2), communityKeys.ofBase(2), 'api/community/base/2'),
  row('GET api/communitybase/{id}', communityBaseQueryOptions(1), communityBaseKeys.detail(1), 'api/communitybase/1'),
  row('GET api/country', countriesQueryOptions(), referenceKeys.countries(), 'api/country'),
  row('GET api/bunit', businessUnitsQueryOptions(), referenceKeys.businessUnits(), 'api/bunit'),
  row(
    'GET api/events?when=upcoming&communityId={id}',
    upcomingEventsOfCommunityQueryOptions(3),
    eventKeys.upcomingOfCommunity(3),
    'api/events?when=upcoming&communityId=3&pageSize=10',
  ),
  row('GET api/events/{id}', eventQueryOptions(7), eventKeys.detail(7), 'api/events/7'),
  row('GET api/events (defaults)', eventsQueryOptions({}), eventKeys.list({}), 'api/events'),
  row(
    'GET api/events (every filter)',
    eventsQueryOptions({
      when: 'past',
      communityId: 3,
      countryId: 2,
      format: 'hybrid',
      q: ' java ',
      page: 2,
      pageSize: 5,
    }),
    eventKeys.list({ when: 'past', communityId: 3, countryId: 2, format: 'hybrid', q: 'java', page: 2, pageSize: 5 }),
    'api/events?when=past&communityId=3&countryId=2&format=hybrid&q=java&page=2&pageSize=5',
  ),
  row(
    'GET api/user/events',
    myEventsQueryOptions(),
    eventKeys.mine({ when: 'upcoming' }),
    'api/user/events?when=upcoming',
  ),
  row(
    'GET api/user/events?when=past',
    myEventsQueryOptions({ when: 'past', pageSize: 50 }),
    eventKeys.mine({ when: 'past', pageSize: 50 }),
    'api/user/events?when=past&pageSize=50',
  ),
  row('GET api/user/calendar-feed', calendarFeedQueryOptions(), userKeys.calendarFeed(), 'api/user/calendar-feed'),
];

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe.each(reads)('%s', (_name, options, key, path) => {
  it('asks its path once and keeps the answer under its key', async () => {
    const client = createHubQueryClient();
    const fetchMock = stubFetch({ body: ['answer'] });
    await Promise.all([client.fetchQuery(options), client.fetchQuery(options)]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`http://api.test/${path}`]);
    expect(options.queryKey).toEqual(key);
    expect(client.getQueryData(key)).toEqual(['answer']);
  });

  it('is served from the cache at 599999 ms and fetched again at 600000 ms', async () => {
    jest.useFakeTimers();
    const client = createHubQueryClient();
    const fetchMock = stubFetch({ body: ['answer'] });
    await client.fetchQuery(options);
    jest.advanceTimersByTime(599999);
    await client.fetchQuery(options);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await client.fetchQuery(options);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure: the next use asks again', async () => {
    const client = createHubQueryClient();
    stubFetch({ status: 500, body: { message: 'Database down', details: [] } });
    await expect(client.fetchQuery(options)).rejects.toMatchObject({ message: 'Database down', status: 500 });
    const fetchMock = stubFetch({ body: ['answer'] });
    await expect(client.fetchQuery(options)).resolves.toEqual(['answer']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
