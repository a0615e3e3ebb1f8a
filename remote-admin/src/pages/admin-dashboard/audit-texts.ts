import type { AuditAction, AuditEntry } from '@hub/shared';

/** How each recorded action is named in the log and its filter (every action of contract/src/audit.ts). */
export const auditActionNames = {
  'user.roles.change': 'Roles changed',
  'user.calendarFeed.revoke': 'Calendar feed revoked',
  'user.data.export': 'Personal data exported',
  'user.account.delete': 'Account deleted',
  'community.create': 'Community created',
  'community.update': 'Community edited',
  'community.delete': 'Community deleted',
  'community.archive': 'Community archived',
  'community.restore': 'Community restored',
  'coreMember.appoint': 'Core member appointed',
  'coreMember.lead': 'Community lead changed',
  'coreMember.remove': 'Core member removed',
  'coreMember.leave': 'Core member left',
  'event.create': 'Event created',
  'event.update': 'Event edited',
  'event.cancel': 'Event cancelled',
  'attendee.checkIn': 'Attendee checked in',
  'attendee.checkInUndo': 'Check-in undone',
  'event.attendees.export': 'Attendee list exported',
  'event.message': 'Message to attendees',
  'community.message': 'Announcement to members',
  'community.invitation.renew': 'Invitation link made',
  'community.invitation.revoke': 'Invitation link stopped',
  'community.invitation.join': 'Joined by invitation link',
  'community.joinRequest.ask': 'Asked to join',
  'community.joinRequest.approve': 'Join request approved',
  'community.joinRequest.decline': 'Join request declined',
} as const satisfies Record<AuditAction, string>;

export const auditActions = Object.keys(auditActionNames) as AuditAction[];

/** "Doe, Jane (jane@hub.test)", or what is left of an actor whose account was deleted. */
export function actorText(entry: AuditEntry): string {
  if (!entry.actor) return entry.actorId === null ? 'The system' : 'A deleted account';
  const name = [entry.actor.lastName, entry.actor.firstName].filter(Boolean).join(', ');
  return name ? `${name} (${entry.actor.email})` : entry.actor.email;
}

/** The start of a local calendar day as an instant (RFC 3339), the form the API's from/to take. */
export const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();

/** The end of a chosen "to" day: the next day's start (the API's `to` is exclusive). */
export const endOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).toISOString();
