import { expect, test } from '@playwright/test';
import type { CommunityInput } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { communitiesArea, expectCommunityPage } from '../support/communities';
import { ApiUser, publicApi } from '../support/hub-api';
import { loginAs } from '../support/login';

/**
 * Issue 27's image upload on the real stack: the lead of community 1 uploads a cover in the
 * community form, clicks its subject as the focal point, saves, and sees the picture on the
 * community page and on its card, as a `<picture>` with an AVIF and a WebP `srcset`, each variant
 * served by the API with its type and immutable caching. The cover is removed afterwards.
 */
const admin = new ApiUser('admin@hub.test');

async function inputOf(id: number): Promise<CommunityInput> {
  const { name, description, imageUrl, countryId, communityBaseId } = await publicApi.community(id);
  const base = Object.values(CommunityBaseId).find((b) => b === communityBaseId)!;
  return { name, description, imageUrl, countryId, communityBaseId: base };
}

test('a lead uploads a community cover with a focal point and sees it on the page and the card', async ({ page }) => {
  test.setTimeout(120_000);
  const original = await inputOf(1);
  const served: { url: string; type: string | null; cache: string | null }[] = [];
  page.on('response', (response) => {
    if (/\/api\/images\/[a-f0-9]+-\d+\.(avif|webp)$/.test(response.url()))
      served.push({
        url: response.url(),
        type: response.headers()['content-type'] ?? null,
        cache: response.headers()['cache-control'] ?? null,
      });
  });
  try {
    await loginAs(page, 'lead@hub.test');
    await page.goto('/community-form/edit/1');
    const form = communitiesArea(page).getByRole('form', { name: 'Community details' });
    await expect(form).toBeVisible({ timeout: 20_000 });

    // A 1600×900 picture drawn in the page (a red square, its subject, top right), as a PNG file.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 900;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#2a7';
      g.fillRect(0, 0, 1600, 900);
      g.fillStyle = '#d22';
      g.fillRect(1150, 150, 300, 300);
      return canvas.toDataURL('image/png');
    });
    await form.getByLabel('Cover').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'),
    });
    const preview = form.getByTestId('image-upload-preview').first();
    await expect(preview).toBeVisible({ timeout: 30_000 });
    const box = (await preview.boundingBox())!;
    await preview.click({ position: { x: box.width * 0.8, y: box.height * 0.33 } });
    await expect(form.getByTestId('image-upload-focal').first()).toHaveAttribute('style', /left: 8\d%/);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/community\/1$/, { timeout: 20_000 });
    await expectCommunityPage(page, original.name);

    const saved = (await publicApi.community(1)) as { cover?: { focalX: number; focalY: number } | null };
    expect(saved.cover?.focalX).toBeCloseTo(0.8, 1);
    expect(saved.cover?.focalY).toBeCloseTo(0.33, 1);

    // The page: AVIF first, WebP as the img, each with its sizes; the browser fetched one of them.
    const picture = communitiesArea(page).locator('picture').first();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /-320\.avif 320w, .*-1280\.avif 1280w/,
    );
    await expect(picture.locator('img')).toHaveAttribute('srcset', /-320\.webp 320w, .*-1600\.webp 1600w/);
    await expect.poll(() => served.length, { timeout: 20_000 }).toBeGreaterThan(0);
    for (const answer of served) {
      expect(answer.type).toMatch(/^image\/(avif|webp)$/);
      expect(answer.cache).toBe('public, max-age=31536000, immutable');
    }

    // The card in the communities grid shows the same picture.
    await page.goto('/communities');
    const card = communitiesArea(page).getByTestId('community-card').filter({ hasText: original.name });
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 320w/, {
      timeout: 20_000,
    });
    await expect(card.locator('picture img')).toHaveAttribute('srcset', /\.webp 320w/);
  } finally {
    await admin.updateCommunity(1, { ...original, coverImageId: null });
  }
});
