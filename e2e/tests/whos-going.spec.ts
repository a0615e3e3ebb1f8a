import { expect, test, type Page } from '@playwright/test';
import type { EventDetail, EventViewerInfo } from '@hub/contract/events';
import type { ManagedAttendeeList } from '@hub/contract/manage';
import { attendPanel, cancelQuietly, createEvent, lead, openEvent } from '../support/events';
import { ApiUser, callApi } from '../support/hub-api';
import { loginAs } from '../support/login';
import { remoteArea } from '../support/site';

/**
 * Issue 28's "Who's going" on the real stack: staff@hub.test attends an event on its page and
 * switches "Show me in Who's going" on; external@hub.test attends without agreeing (the default is
 * off). A third signed-in person (core@hub.test; newstaff@hub.test has no city, so the site holds them
 * on My account) sees only the one who agreed named, and the
 * other counted; an anonymous visitor sees no names; the organiser's attendee list shows everyone.
 * The event is the run's own, cancelled afterwards; the two defaults are set off first, whatever an
 * earlier run left.
 */
const staff = new ApiUser('staff@hub.test');
const external = new ApiUser('external@hub.test');

let event: EventDetail;
const line = (page: Page) => attendPanel(page).locator('[data-whos-going]');

test.describe("who's going", () => {
  // Each test stands on the one before: the attendee agrees, then the others look.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    for (const user of [staff, external])
      expect((await user.call('PUT', 'api/user/whos-going', { shownByDefault: false })).status).toBe(200);
    event = await createEvent({ locations: [{ cityName: 'Utrecht', address: 'Domplein 2', online: 'No' }] });
    const place = { eventLocationId: event.locations[0]!.eventLocationId };
    expect((await external.call('PUT', `api/events/${event.id}/attendance`, place)).status).toBe(200);
  });

  test.afterAll(async () => cancelQuietly(event?.id));

  test('an attendee agrees on the event page, for this event', async ({ page }) => {
    await loginAs(page, 'staff@hub.test');
    await openEvent(page, event);
    await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
    await expect(attendPanel(page).getByText("You're going")).toBeVisible();
    const toggle = attendPanel(page).getByRole('switch', { name: "Show me in Who's going" });
    await expect(toggle).not.toBeChecked();
    // The other attendee did not agree: nobody is named to staff.
    await expect(line(page)).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect
      .poll(async () => (await staff.call<EventViewerInfo>('GET', `api/events/${event.id}/me`)).body.shownInWhosGoing)
      .toBe(true);
  });

  test('another signed-in person sees only the one who agreed named, and the other counted', async ({ page }) => {
    const staffName = (await staff.userInfo()).firstName;
    await loginAs(page, 'core@hub.test');
    await openEvent(page, event);
    // Named: only the one who agreed; the attendee who did not is one of the "others".
    await expect(line(page)).toHaveText(`${staffName} and 1 other are going`);
  });

  test('an anonymous visitor sees the count and no names, and nothing asks for them', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/whos-going')) asked.push(request.url());
    });
    await openEvent(page, event);
    await expect(attendPanel(page).locator('[data-attendee-count]')).toHaveText('2 attending');
    await expect(attendPanel(page).getByRole('button', { name: 'Attend', exact: true })).toBeVisible();
    await expect(line(page)).toHaveCount(0);
    expect(asked).toEqual([]);
    // And the API names nobody to them either.
    expect((await callApi('GET', `api/events/${event.id}/whos-going`)).status).toBe(401);
  });

  test("the organiser's attendee list shows everyone, whatever they chose", async ({ page }) => {
    const emails = ['external@hub.test', 'staff@hub.test'];
    const list = await lead.call<ManagedAttendeeList>('GET', `api/manage/events/${event.id}/attendees`);
    expect(list.body.items.map((a) => a.email).sort()).toEqual(emails);

    await loginAs(page, 'lead@hub.test');
    await page.goto(`/manage?event=${event.id}`);
    const grid = remoteArea(page, 'admin').getByRole('grid', { name: `Attendees of ${event.title}` });
    await expect(grid.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
    for (const email of emails) await expect(grid).toContainText(email);
  });
});
