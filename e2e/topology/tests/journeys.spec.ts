import { CommunityBaseId } from '@hub/contract/enums';
import { expect, test, type Page } from '@playwright/test';
import type { ManagedAttendeeList } from '@hub/contract/manage';
import {
  expectCommunityPage,
  joinButton,
  leaveButton,
  memberCount,
  memberCountText,
  readMemberCount,
} from '../../support/communities';
import {
  attendPanel,
  attendeeCount,
  cancelQuietly,
  createEvent,
  lead,
  openEvent,
  seatsLeft,
} from '../../support/events';
import { ApiUser, seededCommunity } from '../../support/hub-api';
import { loginAs } from '../../support/login';
import { expectChromeWorks, expectDashboardWidgets, expectRemoteScreen, main, remoteArea } from '../../support/site';
import { topologyInfo } from '../topology-info.ts';

/**
 * The main journeys in Chromium through nginx, on the production topology: browse (home, events,
 * communities, a community, an event), sign in, join, attend, manage. Every request the browser
 * makes goes to nginx (the site, its `/api/`, the remotes' servers), to identity's stand-ins or to
 * the demo pictures' image host, never to an API replica or the page server directly.
 */
const topology = topologyInfo();
const external = new ApiUser('external@hub.test');
const nginxOrigins = new Set([topology.siteOrigin, ...Object.values(topology.remoteOrigins)]);
const identityOrigins = new Set([`http://${topology.authEmulatorHost}`, new URL(topology.apiSettings.idp.url).origin]);
/** The demo events' pictures: an image host of their own, as organisers' are (start-topology.ts). */
const imageOrigins = new Set([`http://localhost:${topology.ports.images}`]);

/** Every origin the page asks something of, outside nginx and identity (should stay empty). */
function otherOrigins(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (![nginxOrigins, identityOrigins, imageOrigins].some((origins) => origins.has(url.origin))) seen.add(url.origin);
  });
  return seen;
}

test.describe('journeys through nginx', () => {
  test.describe.configure({ timeout: 120_000 });

  test('browse: home, the events list, communities, a community and an event, all served through nginx', async ({
    page,
  }) => {
    const others = otherOrigins(page);
    const apiAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(response.status());
    });
    await page.goto('/');
    await expectChromeWorks(page);
    await expectDashboardWidgets(page);

    await page.goto('/events/event-list');
    await expectRemoteScreen(page, 'events');
    const firstCard = page.getByTestId('event-card').first();
    await expect(firstCard).toBeVisible();
    const eventTitle = (await firstCard.getByRole('link').first().textContent())!.trim();
    await firstCard.getByRole('link', { name: eventTitle, exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: eventTitle })).toBeVisible();

    // Communities by country, then one of that country's communities.
    await page.goto('/communities');
    await expectRemoteScreen(page, 'communities');
    const communities = remoteArea(page, 'communities');
    await communities.getByRole('list', { name: 'Countries' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/communities\/overview\/\d+$/);
    const communityLink = communities.locator('a[href^="/community/"]').first();
    const communityName = (await communityLink.textContent())!.trim();
    await communityLink.click();
    await expectCommunityPage(page, communityName);

    expect([...others]).toEqual([]);
    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(apiAnswers.filter((status) => status >= 500)).toEqual([]);
  });

  test('sign in and join a community, then leave it', async ({ page }) => {
    const others = otherOrigins(page);
    const target = await seededCommunity(CommunityBaseId.Community, 'Security Champions');
    await external.setMembership(target.id, false);
    try {
      await loginAs(page, 'external@hub.test');
      await page.goto(`/community/${target.id}`);
      await expectCommunityPage(page, target.name);
      const before = await readMemberCount(page);
      await joinButton(page, target.name).click();
      await expect(leaveButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before + 1));
      expect(await external.isMemberOf(target.id)).toBe(true);
      await page.reload();
      await expectCommunityPage(page, target.name);
      await leaveButton(page, target.name).click();
      await expect(joinButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before));
    } finally {
      await external.setMembership(target.id, false);
    }
    expect([...others]).toEqual([]);
  });

  test('attend an event through the location picker, then the lead manages it: attendees and check-in', async ({
    page,
    browser,
  }) => {
    const event = await createEvent({
      capacity: 10,
      startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 50 * 60_000).toISOString(),
      locations: [
        { cityName: 'Amsterdam', address: 'Herengracht 1', online: 'No' },
        { cityName: 'Utrecht', address: 'Domplein 2', online: 'No' },
      ],
    });
    try {
      const others = otherOrigins(page);
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      await expect(attendeeCount(page)).toHaveText('0 attending');
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Where will you be attending?' });
      await picker.getByRole('combobox', { name: /Event Location/ }).selectOption({ label: 'Utrecht: Domplein 2' });
      await picker.getByRole('button', { name: 'Confirm' }).click();
      await expect(attendPanel(page).getByText("You're going")).toBeVisible();
      await expect(attendeeCount(page)).toHaveText('1 attending');
      await expect(seatsLeft(page)).toHaveText('9 seats left');
      expect([...others]).toEqual([]);

      // The lead, in a browser of their own, checks the attendee in on /manage.
      const leadContext = await browser.newContext();
      const leadPage = await leadContext.newPage();
      try {
        await loginAs(leadPage, 'lead@hub.test');
        await leadPage.goto(`/manage?event=${event.id}`);
        const area = remoteArea(leadPage, 'admin');
        await expect(area.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 20_000 });
        const count = area.getByRole('status').filter({ hasText: 'checked in' });
        await expect(count).toHaveText('0 of 1 checked in');
        const grid = area.getByRole('grid', { name: `Attendees of ${event.title}` });
        await grid.getByRole('switch').first().click();
        await expect(count).toHaveText('1 of 1 checked in');
        await expect
          .poll(async () => {
            const list = await lead.call<ManagedAttendeeList>('GET', `api/manage/events/${event.id}/attendees`);
            return list.body.items.filter((a) => a.checkedInAt !== null).length;
          })
          .toBe(1);
      } finally {
        await leadContext.close();
      }
    } finally {
      await cancelQuietly(event.id);
    }
  });
});
