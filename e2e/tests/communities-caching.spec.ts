import { CommunityBaseId } from '@hub/contract/enums';
import { expect, test, type Page } from '@playwright/test';
import { communitiesArea, expectCommunityPage } from '../support/communities';
import { apiOrigin, seededCommunity } from '../support/hub-api';
import { NetworkLog } from '../support/network-log';
import { communitiesWidgetSlot, expectSameDocument, expectWidget, markDocument } from '../support/site';

/**
 * SPEC §7 caching, read from the browser's network log (nothing intercepted): the shared request
 * cache keeps GET answers for 10 minutes and shares concurrent identical requests.
 */
const apiPaths = (log: NetworkLog) =>
  log.requests
    .filter((r) => r.url.startsWith(`${apiOrigin}/`) && r.request.method() === 'GET')
    .map((r) => `${r.pathname}${new URL(r.url).search}`);

/** The API requests that are about one community: its detail, or its events. */
const requestsAbout = (log: NetworkLog, id: number) =>
  apiPaths(log).filter((p) => p === `/api/community/${id}` || new RegExp(`[?&]communityId=${id}(?:&|$)`).test(p));

const count = (paths: string[], path: string) => paths.filter((p) => p === path).length;

async function openFromOverview(page: Page, countryName: string, name: string): Promise<void> {
  await communitiesArea(page).getByRole('link', { name: countryName, exact: true }).first().click();
  const cards = communitiesArea(page).getByRole('list', { name: `Communities in ${countryName}` });
  await cards.getByRole('link', { name, exact: true }).click();
}

test.describe('caching (SPEC §7), from the network log', () => {
  test('opening the same community again within 10 minutes makes no API request for it', async ({ page }) => {
    const target = await seededCommunity(CommunityBaseId.Community, 'Data & AI Community');
    const log = new NetworkLog(page);

    await page.goto(`/community/${target.id}`);
    await expectCommunityPage(page, target.name);
    // The header (for its highlight) and the page both need this community: the page came with its
    // answer (the page server drew its top from it), which both take, so the browser asks for none.
    expect(count(apiPaths(log), `/api/community/${target.id}`)).toBe(0);
    await markDocument(page);

    // Away, client-side: the country's overview…
    await communitiesArea(page).getByRole('link', { name: target.countryName, exact: true }).click();
    await expect(
      communitiesArea(page).getByRole('heading', { level: 1, name: `Communities in ${target.countryName}` }),
    ).toBeVisible();
    // …and back to the same community, from its card.
    log.clear();
    await communitiesArea(page)
      .getByRole('list', { name: `Communities in ${target.countryName}` })
      .getByRole('link', { name: target.name, exact: true })
      .click();
    await expectCommunityPage(page, target.name);
    await expect(communitiesArea(page)).toContainText(target.description);
    await expectSameDocument(page);
    expect(requestsAbout(log, target.id)).toEqual([]);

    // And once more through the browser's history (back to the overview, forward to the community).
    await page.goBack();
    await expect(
      communitiesArea(page).getByRole('heading', { level: 1, name: `Communities in ${target.countryName}` }),
    ).toBeVisible();
    log.clear();
    await page.goForward();
    await expectCommunityPage(page, target.name);
    await expectSameDocument(page);
    expect(requestsAbout(log, target.id)).toEqual([]);
  });

  test('the home asks its one read once for both widgets, and the list screen asks its grid once', async ({ page }) => {
    const log = new NetworkLog(page);
    const document = await (await page.goto('/'))!.text();
    // Drawn by the page server (issues 24 and 27), the home carries its read's answer in its HTML; its
    // prerendered file (the page server slow or down) does not.
    const drawn = document.includes('id="hub-first-reads"');
    const slot = communitiesWidgetSlot(page);
    await expectWidget(slot, 'communities');
    await expect(slot.getByRole('link', { name: 'All communities' })).toBeVisible();
    const dashboard = apiPaths(log);
    // The featured event and the most active communities are one public read (issue 27), shared by
    // the events and the communities widgets: asked once, or not at all when the page brought it.
    expect(count(dashboard, '/api/home')).toBe(drawn ? 0 : 1);
    // No read twice, whoever on the page asked for it.
    expect(dashboard.filter((p, i) => dashboard.indexOf(p) !== i)).toEqual([]);

    // The communities list opens on the grid of every community: its read, asked once.
    await markDocument(page);
    log.clear();
    await slot.getByRole('link', { name: 'All communities' }).click();
    await expect(communitiesArea(page).getByRole('list', { name: 'Countries' })).toBeVisible({ timeout: 20_000 });
    await expectSameDocument(page);
    const list = apiPaths(log);
    expect(count(list, '/api/community/base/1')).toBeLessThanOrEqual(1);
    expect(list.filter((p, i) => list.indexOf(p) !== i)).toEqual([]);

    // On into a country's overview and a community: the overview and the list are already cached.
    log.clear();
    await openFromOverview(page, 'Netherlands', 'Cloud Native Guild');
    await expect(communitiesArea(page).getByRole('heading', { level: 1, name: 'Cloud Native Guild' })).toBeVisible();
    const overview = apiPaths(log);
    expect(count(overview, '/api/community')).toBe(0);
    expect(count(overview, '/api/community/base/1')).toBe(0);
  });

  test('an unknown community is asked for by its page, never retried (the header follows it)', async ({ page }) => {
    const log = new NetworkLog(page);
    await page.goto('/community/9999');
    await expect(communitiesArea(page).getByRole('heading', { level: 1, name: 'Community not found' })).toBeVisible();
    // Long enough for a retry or a second reader to have asked again.
    await page.waitForTimeout(1500);
    // The navigation starts the page's request while its code loads (issue 14); the page and the header
    // show what it met, whether it came back before the page was shown or not.
    expect(count(apiPaths(log), '/api/community/9999')).toBe(1);
  });
});
