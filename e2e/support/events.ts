import { expect, type Page } from '@playwright/test';
import type { EventDetail, EventInput, LocationInput } from '@hub/contract/events';
import type { CaughtMail } from '../../api/test/helpers/mail-inbox';
import { ApiUser, uniqueName } from './hub-api';
import { mailInbox } from './identity';
import { expectAppStarted, main } from './site';

/**
 * The events area on the real stack: arranging events through the API as the lead of the first
 * demo community (so every test has the event it needs, whatever earlier runs left), and the
 * event page's parts as a user finds them.
 */
export const lead = new ApiUser('lead@hub.test');

/** Community 1's id by the lead's own rights (the first demo community: lead@hub.test leads it). */
export async function leadCommunityId(): Promise<number> {
  const info = await lead.userInfo();
  const seat = info.coreMemberOfCommunities.find((m) => m.responsibleForCommunity);
  if (!seat) throw new Error('lead@hub.test leads no community: is the demo data seeded?');
  return seat.communityId;
}

const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);

/** Creates an upcoming event in the lead's community (starts in ten days, two hours long). */
export async function createEvent(
  overrides: Partial<Omit<EventInput, 'locations'>> & { locations: LocationInput[] },
): Promise<EventDetail> {
  const start = days(10);
  start.setUTCMinutes(0, 0, 0);
  const input: EventInput = {
    communityId: await leadCommunityId(),
    title: uniqueName('E2E event'),
    description: 'An event made by the **end-to-end** tests.',
    imageUrl: '',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
    timeZone: 'Europe/Amsterdam',
    capacity: null,
    ...overrides,
  };
  const answer = await lead.call<EventDetail>('POST', 'api/events', input);
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`POST api/events answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Cancels an event the tests made (already cancelled is fine), so lists stay tidy. */
export async function cancelQuietly(id: number | undefined): Promise<void> {
  if (id !== undefined) await lead.call('POST', `api/events/${id}/cancel`);
}

export const attendPanel = (page: Page) => main(page).getByRole('complementary');
export const attendeeCount = (page: Page) => attendPanel(page).locator('[data-attendee-count]');
export const seatsLeft = (page: Page) => attendPanel(page).locator('[data-seats-left]');

/** Opens an event's page and waits for its title. */
export async function openEvent(page: Page, event: Pick<EventDetail, 'id' | 'title'>): Promise<void> {
  await page.goto(`/events/${event.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 20_000 });
  // The heading comes with the HTML; the app, which makes its buttons work, starts once it has painted.
  await expectAppStarted(page);
}

/** Every mail the API sent to `email` (any kind), oldest first. */
export async function mailsFor(email: string): Promise<CaughtMail[]> {
  return mailInbox().mails({ to: email });
}
