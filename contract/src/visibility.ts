/**
 * Issue 28: who sees a community or an event. One list of the four audiences, the rule of which an
 * event may have within its community (the API refuses the others, the event form offers only
 * these), and the words the badge and the forms use. Plain data, no TypeBox: the badge is on every
 * public page's event cards, which must not carry the schema library (its schema is in
 * visibility-schema.ts).
 */
/**
 * public: anyone, listed and searched · unlisted: anyone with the link, in no list, search, home or
 * digest · staff: staff (work accounts of an allowed tenant) and admins · members: the community's
 * members and core members, and admins.
 */
export const VISIBILITIES = ['public', 'unlisted', 'staff', 'members'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * From most to least open. An event may take its community's visibility or any later one: a public
 * community's event may be anything, an unlisted community's unlisted, staff or members, a staff
 * community's staff or members, a members community's members only. (Members is last because it is
 * the narrowest: a community's members can be fewer than staff, and are never more than they allow.)
 */
const OPENNESS: readonly Visibility[] = ['public', 'unlisted', 'staff', 'members'];

/** The visibilities an event of a community with this visibility may have, most open first. */
export function eventVisibilitiesAllowedIn(community: Visibility): Visibility[] {
  return OPENNESS.slice(OPENNESS.indexOf(community));
}

export function isEventVisibilityAllowed(event: Visibility, community: Visibility): boolean {
  return OPENNESS.indexOf(event) >= OPENNESS.indexOf(community);
}

/** The forms' name of each choice. */
export const VISIBILITY_CHOICE: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  staff: 'Staff only',
  members: 'Members only',
};

/** The badge's words; public has none (it is what everything was before). */
export const VISIBILITY_BADGE: Record<Visibility, string | null> = {
  public: null,
  unlisted: 'Unlisted',
  staff: 'Staff only',
  members: 'Members only',
};

/** The forms' one sentence per choice, for a community and for an event. */
export const VISIBILITY_EXPLANATION: Record<'community' | 'event', Record<Visibility, string>> = {
  community: {
    public: 'Anyone can find and see this community, signed in or not.',
    unlisted: 'Anyone with the link can see it, but it is in no list or search.',
    staff: 'Only staff signed in with their work account (and admins) can find and see it.',
    members: 'Only its members and core members (and admins) can find and see it.',
  },
  event: {
    public: 'Anyone can find and see this event, signed in or not.',
    unlisted: 'Anyone with the link can see it, but it is in no list, search, home or digest.',
    staff: 'Only staff signed in with their work account (and admins) can find and see it.',
    members: 'Only members of its community (and admins) can find and see it.',
  },
};
