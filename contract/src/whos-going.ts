/**
 * Issue 28, "Who's going": attendees who agreed are named by first name to other signed-in people
 * who can see the event ("Anna, Ben and 23 others are going"). Off by default: a person's default
 * (My account) is copied into each attendance they make, and each attendance's choice may change.
 */
import { Type, type Static } from '@sinclair/typebox';

/** At most this many first names are given; everyone else going is a number. */
export const WHOS_GOING_NAMES = 3;

/** GET api/events/{id}/whos-going: who else is going, as the signed-in caller may see it. */
export const WhosGoing = Type.Object({
  eventId: Type.Integer(),
  /**
   * First names of up to WHOS_GOING_NAMES attendees (seated, not waiting) who agreed to be shown, in
   * the order they registered; never the caller's own (the page shows their attendance apart).
   */
  names: Type.Array(Type.String(), { maxItems: WHOS_GOING_NAMES }),
  /**
   * Everyone else seated at the event, apart from the caller and those named: those who did not
   * agree, those beyond the first names, and the anonymous places of deleted accounts. The waiting
   * list is not counted.
   */
  others: Type.Integer({ minimum: 0 }),
});
export type WhosGoing = Static<typeof WhosGoing>;

/** PUT api/events/{id}/attendance/whos-going: the caller's choice for one event they attend or wait for. */
export const WhosGoingChoice = Type.Object(
  { shown: Type.Boolean({ description: "Name me in this event's Who's going" }) },
  { additionalProperties: false },
);
export type WhosGoingChoice = Static<typeof WhosGoingChoice>;

/** The answer of that PUT: the choice as stored. */
export const WhosGoingChoiceAnswer = Type.Object({ eventId: Type.Integer(), shown: Type.Boolean() });
export type WhosGoingChoiceAnswer = Static<typeof WhosGoingChoiceAnswer>;

/** GET and PUT api/user/whos-going: the caller's default for the events they attend from now on. */
export const WhosGoingDefault = Type.Object(
  {
    shownByDefault: Type.Boolean({
      description: "Name me in Who's going of the events I attend from now on (each event's choice can still differ)",
    }),
  },
  { additionalProperties: false },
);
export type WhosGoingDefault = Static<typeof WhosGoingDefault>;
