import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { ImageRefusedError, processImage } from './image-variants.ts';

describe('processImage', () => {
  it('refuses an image larger in pixels than allowed, from its header, before decoding it', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await assert.rejects(processImage(png, { maxPixels: 100_000 }), (error: unknown) => {
      assert.ok(error instanceof ImageRefusedError);
      assert.match(error.message, /too large/);
      return true;
    });
    const kept = await processImage(png, { maxPixels: 120_000 });
    assert.deepEqual([kept.width, kept.height], [400, 300]);
  });

  it('makes no variant wider than the image, and names each by a content hash', async () => {
    const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const { hash, variants } = await processImage(png, { maxPixels: 1_000_000 });
    assert.match(hash, /^[a-f0-9]{32}$/);
    assert.deepEqual(
      variants.map((v) => v.name),
      [
        `${hash}-320.webp`,
        `${hash}-320.avif`,
        `${hash}-640.webp`,
        `${hash}-640.avif`,
        `${hash}-700.webp`,
        `${hash}-700.avif`,
      ],
    );
  });
});
