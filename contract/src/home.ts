/** The home page's reads (issue 27): what every visitor sees, and what a signed-in user sees. */
import { Type, type Static } from '@sinclair/typebox';
import { CommunitySummary } from './community.ts';
import { EventSummary } from './events.ts';

/** GET api/home: public, the same for everyone (decisions.md "Home that knows you"). */
export const PublicHome = Type.Object({
  /** Of the events starting in the next 14 days, the one with most attendees (then the soonest); else the next one. */
  featuredEvent: Type.Union([EventSummary, Type.Null()]),
  /** Communities and networks with the most upcoming events, then the most members. */
  activeCommunities: Type.Array(CommunitySummary),
});
export type PublicHome = Static<typeof PublicHome>;

/** GET api/user/home: the caller's own. */
export const MyHome = Type.Object({
  /** Upcoming events of the caller's communities that the caller does not attend yet, soonest first. */
  communityEvents: Type.Array(EventSummary),
  /** Communities the caller is not in, most liked by people of the caller's city or business unit first. */
  suggestedCommunities: Type.Array(CommunitySummary),
});
export type MyHome = Static<typeof MyHome>;
