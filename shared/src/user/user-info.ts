import type { Permission} from './roles';
import { Role } from './roles';

export interface CoreMembership {
  communityId: number;
  responsibleForCommunity: boolean;
}

export interface CommunityMembershipRef {
  communityId: number;
}

export interface AttendingEventRef {
  eventId: number;
}

/** `GET api/user` (SPEC §3). */
export interface UserInfo {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  imageURL: string;
  city: string | null;
  coreMemberOfCommunities: CoreMembership[];
  memberOfCommunities: CommunityMembershipRef[];
  attendingEvents: AttendingEventRef[];
  roles: Role[];
  permissions: Permission[];
}

/** SPEC §3: the user used whenever fetching user info fails, and before anyone signs in. */
export const fallbackUser: UserInfo = Object.freeze({
  userId: '',
  firstName: 'Anonymous',
  lastName: 'User',
  email: '',
  phoneNumber: '',
  imageURL: '',
  city: null,
  coreMemberOfCommunities: [],
  memberOfCommunities: [],
  attendingEvents: [],
  roles: [Role.Anonymous],
  permissions: [],
}) as UserInfo;
