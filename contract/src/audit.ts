/** The audit log: every privileged action, who did it, when, and to what. Admins read it. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageSize } from './common.ts';

/** Every action the API records. Plain values so a screen can label them without TypeBox. */
export const AuditAction = {
  UserRolesChange: 'user.roles.change',
  UserCalendarFeedRevoke: 'user.calendarFeed.revoke',
  /** A person downloaded everything the product holds about them (issue 28). */
  UserDataExport: 'user.data.export',
  /** An account deleted, by its owner or an admin (issue 28): the row kept, anonymised. */
  UserAccountDelete: 'user.account.delete',
  CommunityCreate: 'community.create',
  CommunityUpdate: 'community.update',
  CommunityDelete: 'community.delete',
  /** An admin archived a community or network (issue 27): out of every list, kept whole. */
  CommunityArchive: 'community.archive',
  CommunityRestore: 'community.restore',
  CoreMemberAppoint: 'coreMember.appoint',
  CoreMemberLead: 'coreMember.lead',
  CoreMemberRemove: 'coreMember.remove',
  /** A core member (or lead) left the community, giving up the seat themselves. */
  CoreMemberLeave: 'coreMember.leave',
  EventCreate: 'event.create',
  EventUpdate: 'event.update',
  EventCancel: 'event.cancel',
  AttendeeCheckIn: 'attendee.checkIn',
  AttendeeCheckInUndo: 'attendee.checkInUndo',
  /** A core member or admin exported an event's attendee list as CSV (issue 28). */
  AttendeesExport: 'event.attendees.export',
  /** An organiser wrote to an event's attendees (issue 26). */
  EventMessage: 'event.message',
  /** A lead announced something to a community's members (issue 26). */
  CommunityMessage: 'community.message',
  /** Issue 28: a core member made a members-only community's invitation link (any earlier one stops). */
  CommunityInvitationRenew: 'community.invitation.renew',
  /** …or stopped it. */
  CommunityInvitationRevoke: 'community.invitation.revoke',
  /** Someone joined through a link that joins at once. */
  CommunityInvitationJoin: 'community.invitation.join',
  /** Someone asked to join through a link; a core member or admin approved or declined. */
  JoinRequestAsk: 'community.joinRequest.ask',
  JoinRequestApprove: 'community.joinRequest.approve',
  JoinRequestDecline: 'community.joinRequest.decline',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const AUDIT_ACTIONS = Object.values(AuditAction);

export const AuditTargetType = { User: 'user', Community: 'community', Event: 'event' } as const;
export type AuditTargetType = (typeof AuditTargetType)[keyof typeof AuditTargetType];
export const AUDIT_TARGET_TYPES = Object.values(AuditTargetType);

const ActionSchema = Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a)));
const TargetTypeSchema = Type.Union(AUDIT_TARGET_TYPES.map((t) => Type.Literal(t)));

/** Who acted, as they were when the listing is read (null when the account has since been deleted). */
export const AuditActor = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
export type AuditActor = Static<typeof AuditActor>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  action: ActionSchema,
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  actor: Type.Union([AuditActor, Type.Null()]),
  targetType: TargetTypeSchema,
  targetId: Type.Integer(),
  summary: Type.String({ description: 'one human-readable line, written when the action happened' }),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description: 'what changed, per action (e.g. roles before/after, the attendee checked in, changed fields)',
  }),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** GET api/admin/audit-log: newest first; keyset paging (a log grows while it is read). */
export const AuditLogQuery = Type.Object({
  action: Type.Optional(ActionSchema),
  actorId: Type.Optional(Id),
  targetType: Type.Optional(TargetTypeSchema),
  targetId: Type.Optional(Id),
  from: Type.Optional(Type.String({ format: 'timestamp', description: 'inclusive' })),
  to: Type.Optional(Type.String({ format: 'timestamp', description: 'exclusive' })),
  before: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'the nextCursor of the previous page' }),
  ),
  pageSize: Type.Optional(PageSize),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogPage = Type.Object({
  items: Type.Array(AuditEntry),
  nextCursor: Type.Union([Type.Integer(), Type.Null()], {
    description: 'pass as `before` for the next (older) page; null at the end',
  }),
});
export type AuditLogPage = Static<typeof AuditLogPage>;
