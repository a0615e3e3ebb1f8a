/**
 * The API's bodies and answers as `@hub/contract` defines them (`Static<>` of its TypeBox schemas),
 * under the contract's names: apps take them from `@hub/shared` like the clients that return them.
 * Type-only on purpose: a schema value imported here would put TypeBox into every first paint.
 */
export type { BusinessUnit, CommunityBase, Country } from '@hub/contract/catalogue';
export type { Message } from '@hub/contract/common';
export type {
  CommunityDetail,
  CommunityInput,
  CommunitySort,
  CommunitySummary,
  CountryOverview,
  MembershipAnswer,
  NextEvent,
  PublicCoreMember,
} from '@hub/contract/community';
export type { CoreMember } from '@hub/contract/core-members';
export type { MyHome, PublicHome } from '@hub/contract/home';
export type {
  AttendanceAnswer,
  Attendee,
  AttendeeList,
  CalendarFeed,
  CalendarFeedStatus,
  EventDetail,
  EventFormat,
  EventInput,
  EventLocation,
  EventPage,
  EventSummary,
  EventViewerInfo,
  LocationInput,
} from '@hub/contract/events';
export type {
  CheckInAnswer,
  ManagedAttendee,
  ManagedAttendeeList,
  ManagedCommunity,
  ManagedCommunityPage,
  ManagedEvent,
  ManagedEventPage,
} from '@hub/contract/manage';
export type { AttendingEvent, CoreSeat, MembershipRef, ProfileInput } from '@hub/contract/user';
export type { ImageFocus, ImageKind, ImageRef, ImageVariant } from '@hub/contract/images';
export type {
  ActiveCommunity,
  AdminTrends,
  AdminTrendsQuery,
  AdminUser,
  AdminUserPage,
  AdminUsersQuery,
  CalendarFeedRevokeAnswer,
  MonthAttendance,
  PeriodCount,
} from '@hub/contract/admin';
export type {
  AuditAction,
  AuditActor,
  AuditEntry,
  AuditLogPage,
  AuditLogQuery,
  AuditTargetType,
} from '@hub/contract/audit';
export type { Health } from '@hub/contract/ops';
export type {
  CommunityAudienceCount,
  CommunityMessageInput,
  EventAudience,
  EventAudienceCounts,
  EventMessageInput,
  MessageAudience,
  OrganiserMessage,
  OrganiserMessageList,
  SentOrganiserMessage,
} from '@hub/contract/organiser-messages';
export type {
  Invitation,
  InvitationAnswer,
  InvitationMode,
  InvitationStatus,
  InvitationView,
  InvitedCommunity,
  JoinRequestDecision,
  MyJoinRequest,
  PendingJoinRequest,
  PendingJoinRequestList,
} from '@hub/contract/community-invitations';
export type { WhosGoing, WhosGoingChoiceAnswer, WhosGoingDefault } from '@hub/contract/whos-going';
