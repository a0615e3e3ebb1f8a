import { expect, test, type Page } from '@playwright/test';
import type { CommunityDetail, CommunityInput } from '@hub/contract/community';
import type { ImageRef } from '@hub/contract/images';
import { apiOrigin, ApiUser, publicApi } from '../support/hub-api';
import { expectRemoteScreen } from '../support/site';

/**
 * Issue 27's budgets with pictures: community 1 with a cover its lead uploaded through the API, on
 * `/communities` (its card) and `/community/1` (its page), both drawn into the HTML by the page
 * server. The layout does not move as the picture arrives or the page's scripts render over the
 * HTML (CLS ≤ 0.02, Chromium's layout-shift entries), and the picture sent is WebP or AVIF, of the
 * size it is shown at (the chosen variant within one step of its drawn width × the device's pixel ratio).
 */

const lead = new ApiUser('lead@hub.test');
let before: CommunityDetail;
let cover: ImageRef;

/** A 2400×1350 photo-like JPEG, drawn by Chromium (nothing checked in). */
async function photo(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1350;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 2400, 1350);
    gradient.addColorStop(0, '#1d4e89');
    gradient.addColorStop(1, '#f29e4c');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1350);
    for (let i = 0; i < 40; i++) {
      context.fillStyle = `hsl(${i * 9}, 60%, 55%)`;
      context.beginPath();
      context.arc((i * 197) % 2400, (i * 131) % 1350, 40 + (i % 7) * 20, 0, Math.PI * 2);
      context.fill();
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.85));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  return Buffer.from(bytes);
}

const inputOf = (community: CommunityDetail, coverImageId: number | null): CommunityInput => ({
  name: community.name,
  description: community.description,
  imageUrl: community.imageUrl,
  countryId: community.countryId,
  communityBaseId: community.communityBaseId as CommunityInput['communityBaseId'],
  coverImageId,
});

test.beforeAll(async ({ browser }) => {
  before = await publicApi.community(1);
  const page = await browser.newPage();
  const body = await photo(page);
  await page.close();
  const upload = await fetch(`${apiOrigin}/api/images?kind=community-cover&communityId=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await lead.idToken()}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(body),
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  cover = (await upload.json()) as ImageRef;
  await lead.updateCommunity(1, inputOf(before, cover.id));
});

test.afterAll(async () => {
  // As the demo data had it: the screens after this one (and their baselines) show no cover.
  await lead.updateCommunity(1, inputOf(before, before.cover?.id ?? null));
});

/** Before any script: the page's layout shifts, summed as CLS counts them (no input in these tests). */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The cover's picture once it has arrived: the variant the browser chose and the width it is drawn at. */
async function shownCover(page: Page, scope: string) {
  const img = page.locator(`${scope} img[srcset*="${cover.variants[0]!.url.split('/').pop()!.split('-')[0]}"]`).first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
  return img.evaluate((e: HTMLImageElement) => ({
    currentSrc: e.currentSrc,
    drawn: e.getBoundingClientRect().width * window.devicePixelRatio,
  }));
}

/** The chosen variant is WebP or AVIF, and no more than one step from the width the picture needs. */
function expectSizedVariant(shown: { currentSrc: string; drawn: number }) {
  const chosen = cover.variants.find((v) => v.url === shown.currentSrc);
  expect(chosen, `${shown.currentSrc} is one of ${JSON.stringify(cover.variants.map((v) => v.url))}`).toBeDefined();
  expect(['webp', 'avif']).toContain(chosen!.format);
  const widths = cover.variants.filter((v) => v.format === chosen!.format).map((v) => v.width);
  const needed = widths.findIndex((w) => w >= shown.drawn);
  const best = needed === -1 ? widths.length - 1 : needed;
  expect(Math.abs(widths.indexOf(chosen!.width) - best), JSON.stringify({ shown, widths })).toBeLessThanOrEqual(1);
}

const viewports = [
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
] as const;

for (const device of viewports) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });

    test('/communities: the card with a cover does not move the page (CLS ≤ 0.02), its picture WebP or AVIF at its size', async ({
      page,
    }) => {
      await observeShifts(page);
      await page.goto('/communities');
      await expectRemoteScreen(page, 'communities');
      const card = page.getByTestId('community-card').filter({ hasText: before.name }).first();
      await expect(card.getByRole('button', { name: /^(Join|Leave) / })).toBeVisible();
      expectSizedVariant(await shownCover(page, '[data-testid="community-card"]'));
      await page.waitForLoadState('networkidle');
      const cls = await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
      expect(cls).toBeLessThanOrEqual(0.02);
    });

    test('/community/1: its cover does not move the page (CLS ≤ 0.02), WebP or AVIF at its size', async ({ page }) => {
      await observeShifts(page);
      await page.goto('/community/1');
      await expectRemoteScreen(page, 'communities');
      await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
      expectSizedVariant(await shownCover(page, 'main'));
      await page.waitForLoadState('networkidle');
      const cls = await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
      expect(cls).toBeLessThanOrEqual(0.02);
    });
  });
}
