/**
 * Issue 27's image uploads, on PGlite and PostgreSQL: the API checks an upload by its content (a
 * renamed .exe is refused, whatever its Content-Type), refuses one over HUB_IMAGE_MAX_MB with the
 * message the form shows (the pixel bound: src/images/image-variants.test.ts), strips EXIF (GPS
 * included) and applies the orientation, serves each variant immutable with its type; only who may
 * fill a field may upload for it; a community's cover and focal point come back on its reads.
 * The store is the one releases use: a folder here, an Azure Blob Storage container (Azurite) in
 * the last test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { startAzurite, azuriteAccount, type RunningAzurite } from '../../devstack/src/azurite.ts';
import { call, postgresAdminUrl, startTestApi, testConfig, tokenFor, type TestApi } from './helpers/test-env.ts';

/** An 800×600 JPEG taken "at" the Eiffel Tower, stored sideways (EXIF orientation 6: shown 600×800). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7bd5' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'HubCam', Model: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .toBuffer();
}

async function upload(api: TestApi, query: string, body: Buffer, token?: string, contentType = 'image/jpeg') {
  const res = await fetch(`${api.url}/api/images?${query}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `image uploads (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let lead = '';
      let staff = '';
      let guild = 0;
      let jpeg: Buffer;

      before(async () => {
        api = await startTestApi({ kind });
        guild = api.seed!.communities['Cloud Native Guild']!;
        [lead, staff, jpeg] = await Promise.all([tokenFor('lead@hub.test'), tokenFor('staff@hub.test'), jpegWithGps()]);
      });
      after(async () => {
        await api?.close();
      });

      it('keeps no EXIF of a JPEG (its GPS position included), turned upright, in WebP and AVIF variants served immutable', async () => {
        const sent = exifReader((await sharp(jpeg).metadata()).exif!);
        assert.ok(sent.GPSInfo?.GPSLatitude, 'the upload carries a GPS position');
        const answer = await upload(
          api,
          `kind=community-cover&communityId=${guild}&focalX=0.25&focalY=0.1`,
          jpeg,
          lead,
        );
        assert.equal(answer.status, 201, answer.text);
        const ref = answer.json;
        assert.deepEqual([ref.width, ref.height, ref.focalX, ref.focalY], [600, 800, 0.25, 0.1]);
        assert.deepEqual(
          ref.variants.map((v: { width: number; format: string }) => `${v.width}.${v.format}`),
          ['320.webp', '320.avif', '600.webp', '600.avif'],
        );
        for (const variant of ref.variants) {
          const res = await fetch(variant.url);
          assert.equal(res.status, 200, variant.url);
          assert.equal(res.headers.get('content-type'), `image/${variant.format}`);
          assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
          assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
          const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
          assert.equal(meta.format, variant.format === 'avif' ? 'heif' : 'webp');
          assert.deepEqual([meta.width, meta.height], [variant.width, variant.height]);
          assert.equal(meta.exif, undefined, `${variant.url} keeps no EXIF`);
          assert.ok(!meta.orientation || meta.orientation === 1, 'upright, not merely tagged');
        }
      });

      it('refuses a renamed .exe, whatever its Content-Type says, with a clear message', async () => {
        const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 0x41)]);
        for (const type of ['image/jpeg', 'application/octet-stream']) {
          const answer = await upload(api, `kind=community-logo&communityId=${guild}`, exe, lead, type);
          assert.equal(answer.status, 415, answer.text);
          assert.match(answer.json.message, /not an image/);
        }
      });

      it('refuses a 20 MB image with "Images can be at most 8 MB", the sentence its limits read gives', async () => {
        // A real image: an uncompressed PNG of 2600×2600 (20 MB).
        const big = await sharp({ create: { width: 2600, height: 2600, channels: 3, background: '#ccc' } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        assert.ok(big.length > 20_000_000);
        const answer = await upload(api, `kind=community-cover&communityId=${guild}`, big, lead, 'image/png');
        assert.equal(answer.status, 413, answer.text);
        assert.equal(answer.json.message, 'Images can be at most 8 MB');
        // The upload control reads the limit and the same sentence, to refuse the file before sending it.
        const limits = await call(api.url, 'GET', '/api/images/limits');
        assert.equal(limits.status, 200, limits.text);
        assert.deepEqual(limits.json, { maxBytes: 8 * 1024 * 1024, tooLarge: 'Images can be at most 8 MB' });
      });

      it('refuses who may not fill the field: anonymous, another community, another user', async () => {
        assert.equal((await upload(api, `kind=community-cover&communityId=${guild}`, jpeg)).status, 401);
        assert.equal((await upload(api, `kind=community-cover&communityId=${guild}`, jpeg, staff)).status, 403);
        assert.equal((await upload(api, `kind=event-cover&communityId=${guild}`, jpeg, staff)).status, 403);
        // A community not created yet: administrators only.
        assert.equal((await upload(api, 'kind=community-logo', jpeg, lead)).status, 403);
        const avatar = await upload(api, 'kind=avatar', jpeg, staff);
        assert.equal(avatar.status, 201, avatar.text);
        const refocus = await call(api.url, 'PUT', `/api/images/${avatar.json.id}/focus`, {
          token: lead,
          body: { focalX: 0.5, focalY: 0.5 },
        });
        assert.equal(refocus.status, 403, refocus.text);
        // Nor may a field hold an image uploaded for another one.
        const profile = await call(api.url, 'GET', '/api/user', { token: lead });
        const steal = await call(api.url, 'PUT', '/api/user', {
          token: lead,
          body: {
            firstName: profile.json.firstName,
            lastName: profile.json.lastName,
            phoneNumber: profile.json.phoneNumber,
            city: profile.json.city,
            businessUnitId: profile.json.businessUnitId,
            avatarImageId: avatar.json.id,
          },
        });
        assert.equal(steal.status, 400, steal.text);
      });

      it("lets a copy of an event share its cover within the community, and no other community's event use it", async () => {
        const admin = await tokenFor('admin@hub.test');
        const java = api.seed!.communities['Java Community']!;
        const cover = (await upload(api, `kind=event-cover&communityId=${guild}`, jpeg, lead)).json;
        const eventOf = (communityId: number, title: string) => ({
          communityId,
          title,
          description: '',
          imageUrl: '',
          coverImageId: cover.id,
          startsAt: '2031-06-04T08:00:00.000Z',
          endsAt: '2031-06-04T16:00:00.000Z',
          timeZone: 'Europe/Amsterdam',
          capacity: null,
          locations: [{ cityName: 'Online', address: null, online: 'Yes' }],
        });
        const first = await call(api.url, 'POST', '/api/events', { token: lead, body: eventOf(guild, 'Cover Day') });
        assert.equal(first.status, 201, first.text);
        // "Copy event" sends the same image id: the copy has the same cover, the first keeps it.
        const copy = await call(api.url, 'POST', '/api/events', { token: lead, body: eventOf(guild, 'Cover Day 2') });
        assert.equal(copy.status, 201, copy.text);
        assert.equal(copy.json.cover.id, cover.id);
        assert.equal((await call(api.url, 'GET', `/api/events/${first.json.id}`)).json.cover.id, cover.id);
        // An image is its community's: not even an administrator puts it on another community's event.
        const elsewhere = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: eventOf(java, 'Elsewhere'),
        });
        assert.equal(elsewhere.status, 400, elsewhere.text);
        assert.match(elsewhere.text, /coverImageId is not an image uploaded for this event-cover/);
      });

      it("puts the cover on the community's reads with its focal point, which its lead can move", async () => {
        const cover = (await upload(api, `kind=community-cover&communityId=${guild}`, jpeg, lead)).json;
        const before = (await call(api.url, 'GET', `/api/community/${guild}`)).json;
        const { name, description, imageUrl, countryId, communityBaseId } = before;
        const saved = await call(api.url, 'PUT', `/api/community/${guild}`, {
          token: lead,
          body: { name, description, imageUrl, countryId, communityBaseId, coverImageId: cover.id },
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal(saved.json.cover.id, cover.id);
        const moved = await call(api.url, 'PUT', `/api/images/${cover.id}/focus`, {
          token: lead,
          body: { focalX: 0.75, focalY: 0.2 },
        });
        assert.equal(moved.status, 200, moved.text);
        const list = (await call(api.url, 'GET', `/api/community/base/${communityBaseId}`)).json;
        const card = list.find((c: { id: number }) => c.id === guild);
        assert.deepEqual([card.cover.id, card.cover.focalX, card.cover.focalY], [cover.id, 0.75, 0.2]);
        assert.equal(card.logo, null);
      });
    },
  );
}

describe('image store: an Azure Blob Storage container (Azurite)', () => {
  let azurite: RunningAzurite;
  let api: TestApi;

  before(async () => {
    azurite = await startAzurite();
    const container = await azurite.container('images');
    const images = { ...testConfig().images, store: container, storeKey: azuriteAccount.key };
    api = await startTestApi({ kind: 'pglite', config: { images } });
  });
  after(async () => {
    await api?.close();
    await azurite?.stop();
  });

  it('keeps the variants in the container, with their type and immutable caching, and serves them', async () => {
    const token = await tokenFor('staff@hub.test');
    const answer = await upload(api, 'kind=avatar', await jpegWithGps(), token);
    assert.equal(answer.status, 201, answer.text);
    for (const variant of answer.json.variants) {
      const name = new URL(variant.url).pathname.split('/').pop()!;
      const blob = await fetch(`${azurite.accountUrl}/images/images/${name}`);
      assert.equal(blob.status, 200, name);
      assert.equal(blob.headers.get('content-type'), `image/${variant.format}`);
      assert.equal(blob.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const served = await fetch(variant.url);
      assert.equal(served.status, 200);
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), Buffer.from(await blob.arrayBuffer()));
    }
  });
});
