import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../serving/src/site-config';

/**
 * A photo's metadata in the e2e specs, read with the API's own image library (sharp, and
 * exif-reader for the EXIF block), loaded from the API's dependencies: the suite adds no image
 * library of its own, and reads a served image the way the API test does (api/test/images.it.ts).
 */
const fromApi = createRequire(path.join(repoRoot, 'api', 'package.json'));

interface SharpImage {
  jpeg(options: { quality: number }): SharpImage;
  withMetadata(options: { orientation: number }): SharpImage;
  withExif(exif: Record<string, Record<string, string>>): SharpImage;
  toBuffer(): Promise<Buffer>;
  metadata(): Promise<{ format?: string; exif?: Buffer; width?: number; height?: number }>;
}
type Sharp = (input?: Buffer | { create: object }) => SharpImage;
const sharp = fromApi('sharp') as Sharp;
const exifReader = fromApi('exif-reader') as (exif: Buffer) => { GPSInfo?: { GPSLatitude?: number[] } };

/** An 800×600 JPEG "taken" at the Eiffel Tower: EXIF with a camera and a GPS position. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7bd5' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 1 })
    .withExif({
      IFD0: { Make: 'HubCam', Model: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .toBuffer();
}

/** An image's format, whether it has EXIF, and its GPS latitude (null: no EXIF, or no position in it). */
export async function metadataOf(
  image: Buffer,
): Promise<{ format: string | undefined; exif: boolean; gps: number[] | null }> {
  const meta = await sharp(image).metadata();
  const gps = meta.exif ? (exifReader(meta.exif).GPSInfo?.GPSLatitude ?? null) : null;
  return { format: meta.format, exif: meta.exif !== undefined, gps };
}
