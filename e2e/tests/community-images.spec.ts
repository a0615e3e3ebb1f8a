import { expect, test } from '@playwright/test';
import type { CommunityInput } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { communitiesArea, expectCommunityPage } from '../support/communities';
import { ApiUser, publicApi } from '../support/hub-api';
import { loginAs } from '../support/login';
import { jpegWithGps, metadataOf } from '../support/photo-metadata';

/**
 * Issue 27's image upload on the real stack: the lead of community 1 uploads a cover in the
 * community form, clicks its subject as the focal point, saves, and sees the picture on the
 * community page and on its card, as a `<picture>` with an AVIF and a WebP `srcset`, each variant
 * served by the API with its type and immutable caching. The cover is removed afterwards.
 * Then the issue's three refusals through the form: a renamed .exe (the API's 415 sentence), a
 * 20 MB image (refused before sending, with the API's sentence), and a photo's GPS position (gone
 * from every variant the site serves).
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

test("the upload control strips a photo's GPS position, refuses a renamed .exe and a 20 MB image, each with its message", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/images\?/.test(request.url())) uploads.push(request.url());
  });
  await loginAs(page, 'lead@hub.test');
  await page.goto('/community-form/edit/1');
  const form = communitiesArea(page).getByRole('form', { name: 'Community details' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  const logo = form.getByTestId('image-upload').filter({ has: page.getByText('Logo', { exact: true }) });

  // A program renamed as a photo: the API reads its content and refuses it; the form says why.
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 0x41)]);
  await form.getByLabel('Logo').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: exe });
  await expect(logo.getByRole('alert')).toHaveText(
    'This file is not an image: upload a JPEG, PNG, WebP, AVIF or GIF picture',
  );
  expect(uploads).toHaveLength(1);

  // 20 MB: refused before it is sent, with the API's own sentence (nginx's limit for production:
  // serving/src/nginx-config.test.ts).
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20 << 20)]);
  await form.getByLabel('Logo').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
  await expect(logo.getByRole('alert')).toHaveText('Images can be at most 8 MB');
  expect(uploads).toHaveLength(1);

  // A photo with its GPS position: every size the site serves comes back without it (without EXIF).
  const photo = await jpegWithGps();
  expect((await metadataOf(photo)).gps).not.toBeNull();
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/images\?/.test(r.url()));
  await form.getByLabel('Logo').setInputFiles({ name: 'eiffel.jpg', mimeType: 'image/jpeg', buffer: photo });
  const ref = (await (await answer).json()) as { variants: { url: string; format: string }[] };
  await expect(logo.getByTestId('image-upload-preview')).toBeVisible();
  await expect(logo.getByRole('alert')).toHaveCount(0);
  expect(ref.variants.length).toBeGreaterThan(1);
  for (const variant of ref.variants) {
    const served = await page.request.get(variant.url);
    expect(served.status()).toBe(200);
    const meta = await metadataOf(await served.body());
    expect(meta).toEqual({ format: variant.format === 'avif' ? 'heif' : 'webp', exif: false, gps: null });
  }
});
