import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { EventDetail, EventInput } from '@hub/contract/events';
import type { ManagedAttendeeList } from '@hub/contract/manage';
import { seriousViolations } from '../support/axe';
import { ApiUser, callApi, publicApi, uniqueName } from '../support/hub-api';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { idTokenOf, loginAs } from '../support/login';
import { remoteArea } from '../support/site';

/**
 * Issue 12's management area on the real stack: the lead of community 1 opens /manage, finds an
 * event happening now with three fresh attendees (one named like a spreadsheet formula), checks two
 * in (the count moves and survives a reload), exports the CSV and reads it back; a core member of
 * another community is refused the list by the screen and by the API. The event is created for
 * the run and cancelled afterwards; the fresh accounts are the run's own.
 */
const lead = new ApiUser('lead@hub.test');
const admin = new ApiUser('admin@hub.test');
const password = 'E2e!Passw0rd-manage';
const adminArea = (page: Page) => remoteArea(page, 'admin');

interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** A verified password account, known to the API (synced as its first sign-in would). */
async function account(prefix: string, firstName: string, lastName: string): Promise<Person & { token: string }> {
  const email = uniqueEmail(prefix);
  await createVerifiedAccount({ email, password, firstName, lastName });
  const token = await idTokenOf(email, password);
  const synced = await callApi('POST', 'api/user/sync', { token, json: {} });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  return { email, firstName, lastName, token };
}

let event: EventDetail;
let communityName: string;
const title = uniqueName('E2E Door check-in');
const people: (Person & { token: string })[] = [];

test.describe('manage: attendees, check-in and export', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    communityName = (await publicApi.community(1)).name;
    // Happening now (the door), ending soon: earlier runs' events are already past and never crowd it out.
    const now = Date.now();
    const input: EventInput = {
      communityId: 1,
      title,
      description: 'Created by the manage end-to-end test.',
      imageUrl: '',
      startsAt: new Date(now - 10 * 60_000).toISOString(),
      endsAt: new Date(now + 20 * 60_000).toISOString(),
      timeZone: 'Europe/Amsterdam',
      capacity: 50,
      locations: [{ cityName: 'Utrecht', address: 'Stationsplein 1', online: 'No' }],
    };
    const created = await lead.call<EventDetail>('POST', 'api/events', input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    event = created.body;
    const locationId = event.locations[0]!.eventLocationId;
    people.push(
      await account('anna', 'Anna', 'Door'),
      await account('ben', 'Ben', 'Door'),
      // Display name "lastName, firstName": the first name is a formula.
      await account('formula', '=SUM(1+1)', 'Formula'),
    );
    for (const p of people) {
      const joined = await callApi('PUT', `api/events/${event.id}/attendance`, {
        token: p.token,
        json: { eventLocationId: locationId },
      });
      expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
    }
  });

  test.afterAll(async () => {
    if (event) await lead.call('POST', `api/events/${event.id}/cancel`);
  });

  test('the lead checks two attendees in (the count moves and survives a reload) and exports the CSV', async ({
    page,
  }) => {
    await loginAs(page, 'lead@hub.test');
    await page.goto('/manage');
    const area = adminArea(page);
    const community = area.getByRole('region', { name: communityName });
    await expect(community.getByText('Lead', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle(/^Manage · /);
    const upcoming = community.getByRole('list', { name: `Upcoming events of ${communityName}` });
    await expect(upcoming.getByRole('listitem').filter({ hasText: title })).toContainText(
      '3 attending · 0 waiting · capacity 50',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await upcoming.getByRole('link', { name: `${title}: attendees and check-in` }).click();
    await expect(page).toHaveURL(new RegExp(`/manage\\?event=${event.id}$`));
    await expect(area.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const count = area.getByRole('status').filter({ hasText: 'checked in' });
    await expect(count).toHaveText('0 of 3 checked in');
    const grid = area.getByRole('grid', { name: `Attendees of ${title}` });
    await expect(grid.getByRole('row')).toHaveCount(4);
    await expect(grid).toContainText(people[0]!.email);
    expect(await seriousViolations(page)).toEqual([]);

    // One with a click, one with the keyboard.
    await grid.getByRole('switch', { name: 'Anna Door checked in' }).click();
    await expect(count).toHaveText('1 of 3 checked in');
    await grid.getByRole('switch', { name: 'Ben Door checked in' }).focus();
    await page.keyboard.press('Space');
    await expect(count).toHaveText('2 of 3 checked in');
    await expect(grid.getByRole('switch', { name: 'Ben Door checked in' })).toBeChecked();

    // Saved: a reload shows the same, and so does the API.
    await expect
      .poll(async () => {
        const list = await lead.call<ManagedAttendeeList>('GET', `api/manage/events/${event.id}/attendees`);
        return list.body.items
          .filter((a) => a.checkedInAt !== null)
          .map((a) => a.firstName)
          .sort();
      })
      .toEqual(['Anna', 'Ben']);
    await page.reload();
    await expect(count).toHaveText('2 of 3 checked in', { timeout: 20_000 });
    await expect(grid.getByRole('switch', { name: 'Anna Door checked in' })).toBeChecked();
    await expect(grid.getByRole('switch', { name: '=SUM(1+1) Formula checked in' })).not.toBeChecked();

    // The search is in the address too.
    await area.getByRole('searchbox', { name: 'Search by name' }).fill('formula');
    await expect(grid.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]q=formula/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      area.getByRole('button', { name: 'Export all as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-attendees\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Location,Status,Registered (UTC),Checked in (UTC)');
    const rows = lines.slice(1).filter(Boolean);
    // Every attendee, whatever the search on screen.
    expect(rows).toHaveLength(3);
    const formula = rows.find((r) => r.includes('Formula'))!;
    expect(formula.startsWith(`'=SUM(1+1) Formula,${people[2]!.email},Utrecht,Attending,`)).toBe(true);
    const anna = rows.find((r) => r.startsWith('Anna Door,'))!.split(',');
    expect(anna[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(anna[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test('a core member of another community is refused the attendee list, on screen and by the API', async ({
    page,
  }) => {
    const other = await account('othercore', 'Olga', 'Other');
    // Community 2 is not the event's community (1).
    await admin.ensureCoreMember(2, other.email);
    try {
      const answer = await callApi('GET', `api/manage/events/${event.id}/attendees`, {
        token: await idTokenOf(other.email, password),
      });
      expect(answer.status).toBe(403);
      const checkIn = await callApi('PUT', `api/events/${event.id}/attendees/1/check-in`, {
        token: await idTokenOf(other.email, password),
      });
      expect(checkIn.status).toBe(403);

      await loginAs(page, other.email, { password });
      await page.goto(`/manage?event=${event.id}`);
      const area = adminArea(page);
      await expect(area.getByRole('heading', { level: 1, name: 'Attendees not available' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(area).toContainText('You cannot see who attends this event');
      await expect(area.getByRole('grid')).toHaveCount(0);
      await expect(area).not.toContainText(people[0]!.email);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await admin.ensureNotCoreMember(2, other.email);
    }
  });
});
