/**
 * Mail preferences and one-click unsubscribe (issue 26): which non-transactional mails a person
 * wants, and per community whether its news comes at once, in the weekly digest or not at all.
 * Transactional mails (confirmations, changes, cancellations, account links) have no preference.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

/** The kinds of mail a person may switch off; every one is on until switched off. */
export const MailKind = Type.Union([
  Type.Literal('reminders'),
  Type.Literal('community-news'),
  Type.Literal('organiser-messages'),
  Type.Literal('announcements'),
  Type.Literal('digest'),
  Type.Literal('join-requests'),
]);
export type MailKind = Static<typeof MailKind>;
export const MAIL_KINDS: readonly MailKind[] = [
  'reminders',
  'community-news',
  'organiser-messages',
  'announcements',
  'digest',
  'join-requests',
];

/** How a community's news reaches a member: at once, in the weekly digest (the default), or not at all. */
export const NewsChoice = Type.Union([Type.Literal('now'), Type.Literal('digest'), Type.Literal('none')]);
export type NewsChoice = Static<typeof NewsChoice>;
export const DEFAULT_NEWS_CHOICE: NewsChoice = 'digest';

export const MailKindSwitches = Type.Object({
  reminders: Type.Boolean(),
  'community-news': Type.Boolean(),
  'organiser-messages': Type.Boolean(),
  announcements: Type.Boolean(),
  digest: Type.Boolean(),
  /** Issue 28: a core member's notice that someone asks to join their members-only community. */
  'join-requests': Type.Boolean(),
});
export type MailKindSwitches = Static<typeof MailKindSwitches>;

export const CommunityNewsChoice = Type.Object({
  communityId: Id,
  choice: NewsChoice,
});
export type CommunityNewsChoice = Static<typeof CommunityNewsChoice>;

/** GET /api/user/mail-preferences: every kind's switch and a choice per community the person joined. */
export const MailPreferences = Type.Object({
  kinds: MailKindSwitches,
  communities: Type.Array(
    Type.Object({
      communityId: Type.Integer(),
      communityName: Type.String(),
      /** The community's base: "Community" or "Network". */
      baseName: Type.String(),
      choice: NewsChoice,
    }),
  ),
});
export type MailPreferences = Static<typeof MailPreferences>;

/** PUT /api/user/mail-preferences: the switches to change and the community choices to set (each optional). */
export const MailPreferencesInput = Type.Object(
  {
    kinds: Type.Optional(Type.Partial(MailKindSwitches, { additionalProperties: false })),
    communities: Type.Optional(Type.Array(CommunityNewsChoice, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type MailPreferencesInput = Static<typeof MailPreferencesInput>;

/** ?token= of the unsubscribe URL (List-Unsubscribe): the signed token a mail carries. */
export const UnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

/** POST /api/mail/unsubscribe (and …/resubscribe): what the token stopped (or started again). */
export const UnsubscribeAnswer = Type.Object({
  kind: MailKind,
  /** The community whose news was stopped, when the token names one. */
  community: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /** Whether that mail is now stopped (true after unsubscribe, false after resubscribe). */
  stopped: Type.Boolean(),
  /** With community news: the choice before this call, which undo restores. */
  newsChoiceBefore: Type.Union([NewsChoice, Type.Null()]),
});
export type UnsubscribeAnswer = Static<typeof UnsubscribeAnswer>;

/** POST /api/mail/resubscribe: the undo; with community news, the choice to restore (default 'digest'). */
export const ResubscribeInput = Type.Object(
  { newsChoice: Type.Optional(Type.Union([Type.Literal('now'), Type.Literal('digest')])) },
  { additionalProperties: false },
);
export type ResubscribeInput = Static<typeof ResubscribeInput>;
