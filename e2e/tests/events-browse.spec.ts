import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import type { EventPage, EventSummary } from '@hub/contract/events';
import { seriousViolations } from '../support/axe';
import { ApiUser, apiOrigin, callApi } from '../support/hub-api';
import { loginAs } from '../support/login';
import { NetworkLog } from '../support/network-log';
import { eventsWidgetSlot, expectSameDocument, expectWidget, mainNav, markDocument, remoteArea } from '../support/site';

/**
 * Browsing events on the real stack (seeded demo events, api/src/seed/demo-data.ts): the list with
 * its filters in the URL, paging, both time zones on a card, the shared cache, My hub's events and
 * calendar feed, and axe on the list, home and My hub.
 */

const listPath = '/events/event-list';
const area = (page: Page) => remoteArea(page, 'events');
const cards = (page: Page) => page.getByTestId('event-card');
const cardOf = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });
const combobox = (page: Page, name: string) => area(page).getByRole('combobox', { name });

async function choose(page: Page, filter: string, option: string): Promise<void> {
  await combobox(page, filter).selectOption({ label: option });
}

/** The option a filter shows as chosen. */
const chosen = (page: Page, filter: string) => combobox(page, filter).locator('option:checked');

/** A seeded event by its title (ids depend on the database, titles do not). */
async function seededEvent(title: string, when: 'upcoming' | 'past' = 'upcoming'): Promise<EventSummary> {
  const answer = await callApi<EventPage>('GET', `api/events?when=${when}&pageSize=100&q=${encodeURIComponent(title)}`);
  const found = answer.body.items.find((e) => e.title === title);
  if (!found) throw new Error(`The demo data has no ${when} event '${title}'.`);
  return found;
}

async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(query ? `${listPath}?${query}` : listPath);
  await expect(area(page).getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(cards(page).first().or(area(page).getByTestId('empty-state'))).toBeVisible();
}

test.describe('events list', () => {
  test('filters are kept in the URL: they survive a reload and back steps through them', async ({ page }) => {
    await openList(page);
    await expect(area(page).getByText(/^\d+ upcoming events?$/)).toBeVisible();

    await choose(page, 'Format', 'Hybrid');
    await expect(page).toHaveURL(/\?format=hybrid$/);
    await expect(cardOf(page, 'Cloud Native Summit: Hybrid Edition')).toBeVisible();
    await expect(cardOf(page, 'Java 25 Features Tour')).toHaveCount(0);

    await choose(page, 'Community', 'Cloud Native Guild');
    await expect(page).toHaveURL(/\?communityId=\d+&format=hybrid$/);
    await expect(cardOf(page, 'Cloud Native Summit: Hybrid Edition')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    const filtered = page.url();

    await page.reload();
    await expect(chosen(page, 'Community')).toHaveText('Cloud Native Guild');
    await expect(chosen(page, 'Format')).toHaveText('Hybrid');
    await expect(cardOf(page, 'Cloud Native Summit: Hybrid Edition')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    expect(page.url()).toBe(filtered);

    await page.goBack();
    await expect(page).toHaveURL(/\?format=hybrid$/);
    await expect(chosen(page, 'Community')).toHaveText('Any community');
    await expect(cardOf(page, 'Cloud Native Summit: Hybrid Edition')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${listPath}$`));
    await expect(chosen(page, 'Format')).toHaveText('Any format');
  });

  test('the search runs as you type, and past events are a toggle away; cancelled ones are marked', async ({
    page,
  }) => {
    await openList(page);
    await area(page).getByRole('searchbox', { name: 'Search events' }).fill('kubernetes');
    await expect(page).toHaveURL(/\?q=kubernetes$/);
    await expect(area(page).getByTestId('empty-state')).toContainText('No upcoming events match “kubernetes”');

    // The switch follows the URL, which the router updates in a transition: click, then wait for it.
    await area(page).getByRole('switch', { name: 'Show past events' }).click();
    await expect(area(page).getByRole('switch', { name: 'Show past events' })).toBeChecked();
    await expect(page).toHaveURL(/\?when=past&q=kubernetes$/);
    await expect(cardOf(page, 'Kubernetes Operators Deep Dive')).toBeVisible();
    await expect(page).toHaveTitle('Past events · Community Hub');

    await area(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\?when=past$/);
    await expect(cardOf(page, 'Angular Signals Workshop')).toContainText('Cancelled');
  });

  test('typing a city finds every upcoming event with a place in that city', async ({ page }) => {
    // What the list should show, read without the search: every upcoming event with a place in Utrecht.
    const all = (await callApi<EventPage>('GET', 'api/events?pageSize=100')).body.items;
    const inUtrecht = all.filter((e) => e.locations.some((l) => l.cityName === 'Utrecht')).map((e) => e.title);
    expect(inUtrecht.length, 'the demo data has several upcoming events in Utrecht').toBeGreaterThanOrEqual(4);

    await openList(page);
    await area(page).getByRole('searchbox', { name: 'Search events' }).fill('Utrecht');
    await expect(page).toHaveURL(/\?q=Utrecht$/);
    await expect(area(page).getByText(`${inUtrecht.length} upcoming events`)).toBeVisible();
    await expect(cards(page)).toHaveCount(inUtrecht.length);
    for (const title of inUtrecht) await expect(cardOf(page, title)).toBeVisible();
  });

  test('pages through the upcoming events with links, and back returns to the first page', async ({ page }) => {
    const total = (await callApi<EventPage>('GET', 'api/events?pageSize=1')).body.total;
    expect(total).toBeGreaterThan(12);
    await openList(page);
    const pager = area(page).getByRole('navigation', { name: 'Pages of events' });
    await expect(pager).toContainText(`Page 1 of ${Math.ceil(total / 12)}`);
    await expect(cards(page)).toHaveCount(12);
    const firstTitle = await cards(page).first().getByRole('link').textContent();

    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager).toContainText('Page 2 of');
    await expect(cards(page).first().getByRole('link')).not.toHaveText(firstTitle ?? '');

    await page.goBack();
    await expect(pager).toContainText('Page 1 of');
    await expect(cards(page).first().getByRole('link')).toHaveText(firstTitle ?? '');
  });

  test('a list visited again within 10 minutes is not asked for again (network log)', async ({ page }) => {
    const log = new NetworkLog(page);
    const eventReads = () =>
      log.requests.filter((r) => r.url.startsWith(`${apiOrigin}/api/events`) && r.request.method() === 'GET');
    await openList(page, 'format=online');
    await expect.poll(() => eventReads().length).toBeGreaterThan(0);
    await markDocument(page);

    // Away, client-side, and back through the history and through the menu.
    await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
    await expect(page).toHaveURL(/\/communities$/);
    log.clear();
    await page.goBack();
    await expect(page).toHaveURL(/\?format=online$/);
    await expect(cards(page).first()).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${listPath}$`));
    await expect(cards(page).first()).toBeVisible();
    const firstVisitOfDefault = eventReads().length;
    await page.goBack();
    await expect(cards(page).first()).toBeVisible();
    await page.goForward();
    await expect(cards(page).first()).toBeVisible();
    await expectSameDocument(page);
    // The online filter was kept (no request on return); the unfiltered list was asked once, then kept.
    expect(eventReads().map((r) => new URL(r.url).search)).toEqual(['?pageSize=12']);
    expect(firstVisitOfDefault).toBe(1);
  });
});

test.describe('a viewer in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("a card shows the event's own time and the viewer's", async ({ page }) => {
    const event = await seededEvent('Frontend Craft London Evening');
    await openList(page, 'q=London+Evening');
    const card = cardOf(page, event.title);
    await expect(card).toBeVisible();
    await expect(card).toContainText(/18:00–\d\d:\d\d (GMT|BST)/);
    await expect(card.getByTestId('viewer-time')).toContainText(
      /Your time: .*1[34]:00–\d\d:\d\d Eastern (Standard|Daylight) Time/,
    );
  });
});

test.describe('a viewer in the same time zone', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('a card shows one time only', async ({ page }) => {
    await openList(page, 'q=London+Evening');
    const card = cardOf(page, 'Frontend Craft London Evening');
    await expect(card).toContainText(/18:00–/);
    await expect(card.getByTestId('viewer-time')).toHaveCount(0);
    // Its picture is one of the demo's own drawings, served by the API (no third-party host), and it loads.
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute(
      'src',
      new RegExp(`^${apiOrigin.replace(/\./g, '\\.')}/demo-images/london-evening\\.svg\\?v=[0-9a-f]{10}$`),
    );
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  });
});

test.describe('signed in', () => {
  const core = new ApiUser('core@hub.test');
  let event: EventSummary;

  test.beforeAll(async () => {
    // One in-person location: attended directly. Withdrawn first so earlier runs leave nothing behind.
    event = await seededEvent('Contract Testing with Pact');
    await core.call('DELETE', `api/events/${event.id}/attendance`);
    const attend = await core.call('PUT', `api/events/${event.id}/attendance`, {
      eventLocationId: event.locations[0]?.eventLocationId,
    });
    expect(attend.status).toBe(200);
  });

  test.afterAll(async () => {
    await core.call('DELETE', `api/events/${event.id}/attendance`);
  });

  test('My hub lists the attended event and its calendar feed, which a calendar parser reads', async ({ page }) => {
    await loginAs(page, 'core@hub.test');
    await page.goto('/my-hub');
    const upcoming = page.getByRole('list', { name: 'Upcoming events I attend' });
    await expect(upcoming.getByRole('link', { name: event.title })).toHaveAttribute('href', `/events/${event.id}`);
    await expect(upcoming.getByTestId('event-card').filter({ hasText: event.title })).toContainText("You're going");

    // The address is shown once, when it is made (the API keeps only its hash).
    const calendarSection = page.getByRole('region', { name: 'My calendar feed' });
    const first = calendarSection.getByRole('button', { name: 'Create my calendar address' });
    const again = calendarSection.getByRole('button', { name: 'Create a new address' });
    await expect(first.or(again)).toBeVisible();
    // A user who already has an address (an earlier test made one) is asked first: the old one stops working.
    if (await first.isVisible()) await first.click();
    else {
      await again.click();
      await page
        .getByRole('dialog', { name: 'Create a new calendar address?' })
        .getByRole('button', { name: 'Yes' })
        .click();
    }
    const address = page.getByRole('textbox', { name: 'Calendar feed address' });
    await expect(address).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
    await expect(calendarSection.getByText('Copy this address now: it is shown only this once.')).toBeVisible();
    const url = await address.inputValue();
    await expect(page.getByRole('link', { name: /Subscribe/ })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );

    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const vevent = calendar
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === event.title);
    expect(vevent, 'the attended event is in the feed').toBeTruthy();
    const start = new ICAL.Event(vevent!).startDate.toJSDate().toISOString();
    expect(start).toBe(new Date(event.startsAt).toISOString());

    // The home widget puts the user's own next events first.
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expectWidget(eventsWidgetSlot(page), 'events');
    const next = eventsWidgetSlot(page).getByRole('list', { name: 'Your next event', exact: true });
    await expect(next.getByTestId('event-card')).toContainText("You're going");
    await expect(eventsWidgetSlot(page).getByRole('link', { name: 'See all events' })).toHaveAttribute(
      'href',
      listPath,
    );
    await expect(page.getByText(/not available/)).toHaveCount(0);
  });

  test('axe: My hub, light and dark', async ({ page }) => {
    await loginAs(page, 'core@hub.test');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/my-hub');
      await expect(page.getByRole('list', { name: 'Upcoming events I attend' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'My calendar feed' }).getByRole('button', { name: /^Create / }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`events list and home (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await openList(page);
      await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', theme);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/');
      await expectWidget(eventsWidgetSlot(page), 'events');
      await expect(eventsWidgetSlot(page).getByTestId('event-card').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
