import { expect, test, type Page } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { ApiUser, callApi } from '../support/hub-api';
import { loginAs } from '../support/login';
import { expectRemoteScreen, main, remoteArea } from '../support/site';

/**
 * Issue 28 on the real stack: a staff-only event is invisible to an anonymous visitor and to an
 * external user (the events list, its search, its direct link, the home) and visible to a staff
 * user, with its badge; an unlisted event opens by its link for anyone and is in no list. The
 * events are made for this spec in a community of its own, deleted afterwards (the stack's
 * database is shared by the specs, run one at a time).
 */
const WORD = `Wombataudience${Date.now().toString(36)}`;
const admin = new ApiUser('admin@hub.test');
let communityId = 0;
const events = {} as Record<'public' | 'staff' | 'unlisted', EventDetail>;

const area = (page: Page) => remoteArea(page, 'events');
const cardOf = (page: Page, title: string) => page.getByTestId('event-card').filter({ hasText: title });

test.beforeAll(async () => {
  const community = await admin.createCommunity({
    name: `${WORD} guild`,
    description: '',
    imageUrl: '',
    countryId: 1,
    communityBaseId: 1,
  });
  communityId = community.id;
  const starts = Date.now() + 3 * 86_400_000;
  for (const visibility of ['public', 'staff', 'unlisted'] as const) {
    const answer = await callApi<EventDetail>('POST', 'api/events', {
      token: await admin.idToken(),
      json: {
        communityId,
        title: `${WORD} ${visibility} session`,
        description: '',
        imageUrl: '',
        startsAt: new Date(starts).toISOString(),
        endsAt: new Date(starts + 3_600_000).toISOString(),
        timeZone: 'Europe/Amsterdam',
        capacity: null,
        locations: [{ cityName: 'Zanzibar', address: 'Stone Town 1', online: 'No' }],
        visibility,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    events[visibility] = answer.body;
  }
});

test.afterAll(async () => {
  if (communityId) await admin.deleteCommunity(communityId);
});

/** The events list searched for the spec's word, once its public event shows. */
async function openSearchedList(page: Page): Promise<void> {
  await page.goto(`/events/event-list?q=${WORD}`);
  await expectRemoteScreen(page, 'events');
  await expect(cardOf(page, events.public.title)).toBeVisible();
}

async function expectHiddenFrom(page: Page) {
  await openSearchedList(page);
  await expect(cardOf(page, events.staff.title)).toHaveCount(0);
  await expect(cardOf(page, events.unlisted.title)).toHaveCount(0);
  await page.goto(`/events/${events.staff.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await expect(main(page)).not.toContainText(events.staff.title);
  await page.goto('/');
  await expectRemoteScreen(page, 'events');
  await expect(main(page)).not.toContainText(events.staff.title);
}

test.describe('audiences', () => {
  test('a staff-only event is hidden from an anonymous visitor: list, search, direct link and home', async ({
    page,
  }) => {
    await expectHiddenFrom(page);
  });

  test('a staff-only event is hidden from an external user', async ({ page }) => {
    await loginAs(page, 'external@hub.test');
    await expectHiddenFrom(page);
  });

  test('a staff user finds the staff-only event, marked as such, and opens it', async ({ page }) => {
    await loginAs(page, 'staff@hub.test');
    await openSearchedList(page);
    await expect(cardOf(page, events.staff.title)).toContainText('Staff only');
    await expect(cardOf(page, events.unlisted.title)).toHaveCount(0);
    await cardOf(page, events.staff.title).getByRole('link', { name: events.staff.title }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: events.staff.title })).toBeVisible();
    await expect(area(page)).toContainText('Staff only');
  });

  test('an unlisted event opens by its link for anyone, and is in no list', async ({ page }) => {
    await page.goto(`/events/${events.unlisted.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: events.unlisted.title })).toBeVisible();
    await expect(area(page)).toContainText('Unlisted');
    await openSearchedList(page);
    await expect(cardOf(page, events.unlisted.title)).toHaveCount(0);
  });
});
