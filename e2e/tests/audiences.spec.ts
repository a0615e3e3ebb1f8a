import { expect, test, type Page } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { ApiUser, callApi } from '../support/hub-api';
import { expectLoggedOut, storedQueryEntries, storedQueryText } from '../support/identity';
import { accountMenu, loginAs } from '../support/login';
import { eventsWidgetSlot, expectRemoteScreen, main, remoteArea } from '../support/site';

/**
 * Issue 28 on the real stack: a staff-only event is invisible to an anonymous visitor and to an
 * external user (the events list, its search, its direct link, the home) and visible to a staff
 * user (the same places), with its badge; an unlisted event opens by its link for anyone and is in
 * no list; signing out leaves nothing of a staff-only event in the browser. The events are made
 * for this spec in a community of its own, deleted afterwards (the stack's database is shared by
 * the specs, run one at a time).
 */
const WORD = `Wombataudience${Date.now().toString(36)}`;
const admin = new ApiUser('admin@hub.test');
/** Both are members of the spec's community, so their home's "From your communities" has its events. */
const members = [new ApiUser('staff@hub.test'), new ApiUser('external@hub.test')];
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
  for (const member of members) await member.setMembership(communityId, true);
  // The soonest events of all, so the home, which shows a few of the next ones, shows them to
  // whoever may see them: a home without the staff-only event then proves something.
  const starts = Date.now() + 3_600_000;
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

/** The home's events widget, once it shows the spec's public event (anyone's home has it). */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(eventsWidgetSlot(page).getByTestId('event-card').filter({ hasText: events.public.title })).toBeVisible({
    timeout: 20_000,
  });
}

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
  await openHome(page);
  await expect(main(page)).not.toContainText(events.staff.title);
  await expect(main(page)).not.toContainText(events.unlisted.title);
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
    await openHome(page);
    await expect(cardOf(page, events.staff.title)).toContainText('Staff only');
    await expect(main(page)).not.toContainText(events.unlisted.title);
  });

  test('an unlisted event opens by its link for anyone, and is in no list', async ({ page }) => {
    await page.goto(`/events/${events.unlisted.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: events.unlisted.title })).toBeVisible();
    await expect(area(page)).toContainText('Unlisted');
    await openSearchedList(page);
    await expect(cardOf(page, events.unlisted.title)).toHaveCount(0);
    // Nor in its community's list of events, which anyone may read.
    await page.goto(`/community/${communityId}`);
    const ofCommunity = remoteArea(page, 'communities').getByRole('region', { name: 'Upcoming events' });
    await expect(ofCommunity).toContainText(events.public.title, { timeout: 20_000 });
    await expect(ofCommunity).not.toContainText(events.unlisted.title);
    await expect(ofCommunity).not.toContainText(events.staff.title);
  });
});

/** Every answer in the service worker's caches but the content-hashed chunks, with its text. */
const cachedAnswers = (page: Page) =>
  page.evaluate(async () => {
    const found: { url: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('hub-chunks-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const answer = await cache.match(request);
        found.push({ url: request.url, text: answer ? await answer.text() : '' });
      }
    }
    return found;
  });

test.describe('signing out', () => {
  // The production worker runs in this test (playwright.config.ts blocks it elsewhere): its caches
  // are what is checked.
  test.use({ serviceWorkers: 'allow' });

  test("leaves nothing of a staff-only event in the browser's saved query data or the service worker's caches", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, 'staff@hub.test');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 45_000 });
    // Read as staff with the worker in control, each page by a full load.
    await openSearchedList(page);
    await expect(cardOf(page, events.staff.title)).toBeVisible();
    await page.goto(`/events/${events.staff.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: events.staff.title })).toBeVisible();
    // Kept for reading offline while signed in.
    await expect.poll(() => storedQueryText(page), { timeout: 10_000 }).toContain(events.staff.title);

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/:\d+\/$/, { timeout: 20_000 });
    await expectLoggedOut(page);
    expect(await storedQueryEntries(page)).toEqual([]);
    expect(await storedQueryText(page)).not.toContain(events.staff.title);
    // The worker keeps answers: signed out, the search read again (the home's reads come in its HTML,
    // drawn by the page server, so they are no answer of the worker's)...
    await openSearchedList(page);
    await expect(cardOf(page, events.staff.title)).toHaveCount(0);
    await expect
      .poll(async () => (await cachedAnswers(page)).filter((a) => a.url.includes('/api/')).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // ...and none of them names the staff-only event or is its answer.
    const leaks = (await cachedAnswers(page)).filter(
      (a) => a.text.includes(events.staff.title) || new URL(a.url).pathname.endsWith(`/api/events/${events.staff.id}`),
    );
    expect(leaks.map((a) => a.url)).toEqual([]);
  });
});
