import type { UserInfo } from '@hub/contract/user';
import { Role } from '@hub/contract/enums';

export type { UserInfo };

/** SPEC §3: the user used whenever fetching user info fails, and before anyone signs in. */
export const fallbackUser: UserInfo = Object.freeze({
  userId: '',
  firstName: 'Anonymous',
  lastName: 'User',
  email: '',
  phoneNumber: '',
  imageURL: '',
  city: null,
  businessUnitId: null,
  coreMemberOfCommunities: [],
  memberOfCommunities: [],
  attendingEvents: [],
  roles: [Role.Anonymous],
  permissions: [],
});
