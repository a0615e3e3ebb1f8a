/** The caller's own account: user info (SPEC §3), profile update and sync. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, Name, SingleLine } from './common.ts';
import { ImageIdField, ImageRef } from './images.ts';
import { Permission, Role, SyncCode } from './enums.ts';

export const CoreSeat = Type.Object({ communityId: Type.Integer(), responsibleForCommunity: Type.Boolean() });
export type CoreSeat = Static<typeof CoreSeat>;

export const MembershipRef = Type.Object({ communityId: Type.Integer() });
export type MembershipRef = Static<typeof MembershipRef>;

export const AttendingEvent = Type.Object({
  eventId: Type.Integer(),
  eventLocationId: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('attending'), Type.Literal('waiting')]),
});
export type AttendingEvent = Static<typeof AttendingEvent>;

/** GET api/user, and the answer of PUT api/user. */
export const UserInfo = Type.Object({
  userId: Type.String({ description: 'Firebase uid' }),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  imageURL: Type.String(),
  /** The uploaded avatar (issue 27); absent or null: none (imageURL may still be the account's picture). */
  avatar: Type.Optional(Type.Union([ImageRef, Type.Null()])),
  city: Type.Union([Type.String(), Type.Null()]),
  businessUnitId: Type.Union([Type.Integer(), Type.Null()]),
  coreMemberOfCommunities: Type.Array(CoreSeat),
  memberOfCommunities: Type.Array(MembershipRef),
  attendingEvents: Type.Array(AttendingEvent),
  roles: Type.Array(Type.Enum(Role, { description: 'Admin 0, CoreMember 1, Capgemini 2, External 3, Anonymous 4' })),
  permissions: Type.Array(
    Type.Enum(Permission, { description: 'AdminAccess 0, CoreMemberAccess 1, CapgeminiAccess 2, UserAccess 3' }),
  ),
});
export type UserInfo = Static<typeof UserInfo>;

/** PUT api/user: the profile a user edits themselves. */
export const ProfileInput = Type.Object({
  firstName: Name(100),
  lastName: Name(100),
  phoneNumber: Type.String({ maxLength: 40, pattern: '^[0-9+()\\-. /]*$' }),
  city: Type.Union([Name(100), Type.Null()]),
  businessUnitId: Type.Union([Id, Type.Null()]),
  imageURL: Type.Optional(ImageUrl),
  /** An uploaded avatar (POST api/images, kind avatar); null removes it; left out: unchanged. */
  avatarImageId: Type.Optional(ImageIdField),
});
export type ProfileInput = Static<typeof ProfileInput>;

/**
 * POST api/user/sync: the work account's Graph token, or none for a password account. A work
 * sign-in posts its ID token beside it: the API verifies that one (tenant, audience, object id)
 * before the Graph profile counts; an access token without it is refused (code 5).
 */
export const SyncInput = Type.Object({
  msfAccessToken: Type.Optional(Type.Union([SingleLine(16384), Type.Null()])),
  msfIdToken: Type.Optional(Type.Union([SingleLine(16384), Type.Null()])),
});
export type SyncInput = Static<typeof SyncInput>;

export const SyncAnswer = Type.Enum(SyncCode, {
  description:
    '0 no sync needed, 1 user created, 2 user updated, 3 mappings created, 4 invalid auth user id, 5 invalid email, 6 error',
});
export type SyncAnswer = Static<typeof SyncAnswer>;
