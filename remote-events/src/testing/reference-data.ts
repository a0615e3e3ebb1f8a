import type { CommunitySummary, Country } from '@hub/shared';

const community = (id: number, name: string, communityBaseId = 1): CommunitySummary => ({
  id,
  name,
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId,
  memberCount: 10,
  upcomingEventCount: 0,
  nextEvent: null,
});

/** What the filters offer in the events tests. */
export const communities: CommunitySummary[] = [community(7, 'Java Guild'), community(8, 'Cloud Native')];
export const networks: CommunitySummary[] = [community(9, 'Women in Tech', 2)];
export const countries: Country[] = [
  { id: 1, name: 'Netherlands', code: 'NL' },
  { id: 2, name: 'France', code: 'FR' },
];

/** The reference reads every events list screen makes. */
export const referenceRoutes = {
  'GET api/community/base/1': { body: communities },
  'GET api/community/base/2': { body: networks },
  'GET api/country': { body: countries },
};
