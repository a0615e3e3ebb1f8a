/** Core-member management of one community (its lead or an admin). */
import { Type, type Static } from '@sinclair/typebox';
import { Email, Id } from './common.ts';

/** A core member as their managers see them, e-mail included. */
export const CoreMember = Type.Object({
  id: Type.Integer({ description: 'user id (numeric, also for users who have not signed in yet)' }),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  responsibleForCommunity: Type.Boolean(),
  pending: Type.Boolean({ description: 'true while the user has never signed in' }),
});
export type CoreMember = Static<typeof CoreMember>;
export const CoreMemberList = Type.Array(CoreMember);
export type CoreMemberList = Static<typeof CoreMemberList>;

/** api/community/{id}/core-members/{userId} */
export const CoreMemberParams = Type.Object({ id: Id, userId: Id });
export type CoreMemberParams = Static<typeof CoreMemberParams>;

/** POST api/community/{id}/core-members */
export const AppointCoreMemberInput = Type.Object({
  email: Email,
  responsibleForCommunity: Type.Optional(Type.Boolean({ default: false })),
});
export type AppointCoreMemberInput = Static<typeof AppointCoreMemberInput>;

/** PUT api/community/{id}/core-members/{userId} */
export const LeadFlagInput = Type.Object({ responsibleForCommunity: Type.Boolean() });
export type LeadFlagInput = Static<typeof LeadFlagInput>;
