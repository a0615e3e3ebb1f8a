import {
  CommunityBaseId,
  Permission,
  Role,
  fallbackUser,
  type CommunityDetail,
  type CountryOverview,
  type UserInfo,
} from '@hub/shared';

/** API answers shaped like the demo seed (api/src/seed/demo-data.ts). */
export const overview: CountryOverview[] = [
  { countryId: 3, countryName: 'France', communities: 3, networks: 1 },
  { countryId: 2, countryName: 'Germany', communities: 3, networks: 0 },
  { countryId: 1, countryName: 'Netherlands', communities: 2, networks: 2 },
];

export function community(overrides: Partial<CommunityDetail> = {}): CommunityDetail {
  return {
    id: 1,
    name: 'Cloud Native Guild',
    description: 'Kubernetes, serverless and platform engineering in practice.',
    imageUrl: '',
    countryId: 1,
    countryName: 'Netherlands',
    communityBaseId: CommunityBaseId.Community,
    memberCount: 5,
    coreMembers: [],
    upcomingEventCount: 0,
    nextEvent: null,
    ...overrides,
  };
}

export const communitiesOfBase1: CommunityDetail[] = [
  community(),
  community({
    id: 2,
    name: 'Java Community',
    description: 'The JVM, Spring and everything around it.',
    memberCount: 3,
    upcomingEventCount: 2,
    nextEvent: {
      id: 31,
      title: 'Spring into Java',
      startsAt: '2099-03-01T17:00:00.000Z',
      timeZone: 'Europe/Amsterdam',
    },
  }),
  community({ id: 4, name: 'Data & AI Community', countryId: 2, countryName: 'Germany', memberCount: 7 }),
];

export const networksOfBase2: CommunityDetail[] = [
  community({ id: 13, name: 'Women in Tech', communityBaseId: CommunityBaseId.Network, memberCount: 9 }),
  community({ id: 14, name: 'Young Professionals', communityBaseId: CommunityBaseId.Network, memberCount: 4 }),
];

export const communityDetail: CommunityDetail = community({
  coreMembers: [
    { id: 2, firstName: 'Lena', lastName: 'Lead', imageUrl: '', responsibleForCommunity: true },
    { id: 3, firstName: 'Carl', lastName: 'Core', imageUrl: '', responsibleForCommunity: false },
  ],
  upcomingEventCount: 1,
});

const signedIn = (overrides: Partial<UserInfo>): UserInfo => ({
  ...fallbackUser,
  userId: 'uid-1',
  firstName: 'Erin',
  lastName: 'External',
  email: 'external@hub.test',
  roles: [Role.External],
  permissions: [Permission.UserAccess],
  ...overrides,
});

export const externalUser = signedIn({});
export const memberUser = signedIn({ memberOfCommunities: [{ communityId: 1 }] });
export const coreUser = signedIn({
  email: 'core@hub.test',
  roles: [Role.CoreMember, Role.Capgemini],
  permissions: [Permission.CoreMemberAccess, Permission.CapgeminiAccess, Permission.UserAccess],
  memberOfCommunities: [{ communityId: 1 }],
  coreMemberOfCommunities: [{ communityId: 1, responsibleForCommunity: false }],
});
export const leadUser = signedIn({
  email: 'lead@hub.test',
  roles: [Role.CoreMember, Role.Capgemini],
  permissions: [Permission.CoreMemberAccess, Permission.CapgeminiAccess, Permission.UserAccess],
  memberOfCommunities: [{ communityId: 1 }],
  coreMemberOfCommunities: [{ communityId: 1, responsibleForCommunity: true }],
});
export const adminUser = signedIn({
  email: 'admin@hub.test',
  roles: [Role.Admin],
  permissions: [Permission.AdminAccess, Permission.CoreMemberAccess, Permission.CapgeminiAccess, Permission.UserAccess],
});
