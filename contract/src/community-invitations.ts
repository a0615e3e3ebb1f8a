/**
 * Issue 28, members-only communities: the invitation link a core member shares, and the requests to
 * join that core members approve or decline (api/src/routes/community-invitations.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';
import { CommunitySummary } from './community.ts';

/**
 * What the link lets a signed-in person do: `request` asks the core members (who approve or
 * decline), `join` makes them a member at once.
 */
export const InvitationMode = Type.Union([Type.Literal('request'), Type.Literal('join')], {
  description: 'request: opening the link asks the core members; join: it joins at once',
});
export type InvitationMode = Static<typeof InvitationMode>;

/** GET api/community/{id}/invitation: whether the community has a live link (its secret is never shown again). */
export const InvitationStatus = Type.Object({
  active: Type.Boolean(),
  mode: Type.Union([InvitationMode, Type.Null()]),
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type InvitationStatus = Static<typeof InvitationStatus>;

/** POST api/community/{id}/invitation: a new link (any earlier one stops working). */
export const InvitationInput = Type.Object({ mode: InvitationMode }, { additionalProperties: false });
export type InvitationInput = Static<typeof InvitationInput>;

/** The new link's secret, shown this once: the site's address is `/community-invitation/{token}`. */
export const Invitation = Type.Object({
  token: Type.String(),
  mode: InvitationMode,
  createdAt: Type.String({ format: 'date-time' }),
});
export type Invitation = Static<typeof Invitation>;

/** The `{token}` of the link's routes. */
export const InvitationParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type InvitationParams = Static<typeof InvitationParams>;

/** What the link shows of the community: its face, not its events or people. */
export const InvitedCommunity = Type.Pick(CommunitySummary, [
  'id',
  'name',
  'description',
  'imageUrl',
  'logo',
  'cover',
  'countryName',
  'communityBaseId',
  'memberCount',
  'visibility',
]);
export type InvitedCommunity = Static<typeof InvitedCommunity>;

export const JoinRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('declined'),
]);
export type JoinRequestStatus = Static<typeof JoinRequestStatus>;

/** The caller's latest request to join, as the link page shows it. */
export const MyJoinRequest = Type.Object({
  status: JoinRequestStatus,
  askedAt: Type.String({ format: 'date-time' }),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** After a decline: from when the person may ask again (null: now, or not declined). */
  canAskAgainAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MyJoinRequest = Static<typeof MyJoinRequest>;

/** GET api/community-invitations/{token}: the community's face and where the caller stands. */
export const InvitationView = Type.Object({
  community: InvitedCommunity,
  mode: InvitationMode,
  /** Already a member (or core member): the link has nothing more to give. */
  member: Type.Boolean(),
  request: Type.Union([MyJoinRequest, Type.Null()]),
  /** Archived: nobody joins or asks (its page says so to its members). */
  archived: Type.Boolean(),
});
export type InvitationView = Static<typeof InvitationView>;

/** POST api/community-invitations/{token}: joined at once, or asked. */
export const InvitationAnswer = Type.Object({
  communityId: Type.Integer(),
  outcome: Type.Union([Type.Literal('member'), Type.Literal('requested')]),
});
export type InvitationAnswer = Static<typeof InvitationAnswer>;

/** One pending request as the community's core members see it. */
export const PendingJoinRequest = Type.Object({
  id: Type.Integer(),
  user: Type.Object({
    id: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    imageUrl: Type.String(),
  }),
  askedAt: Type.String({ format: 'date-time' }),
});
export type PendingJoinRequest = Static<typeof PendingJoinRequest>;
export const PendingJoinRequestList = Type.Array(PendingJoinRequest);
export type PendingJoinRequestList = Static<typeof PendingJoinRequestList>;

/** {id} the community, {requestId} the request. */
export const JoinRequestParams = Type.Object({ id: Id, requestId: Id });
export type JoinRequestParams = Static<typeof JoinRequestParams>;

/** POST …/join-requests/{requestId}/approve and …/decline. */
export const JoinRequestDecision = Type.Object({ id: Type.Integer(), status: JoinRequestStatus });
export type JoinRequestDecision = Static<typeof JoinRequestDecision>;
