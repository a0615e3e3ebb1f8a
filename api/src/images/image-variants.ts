/**
 * Turns an uploaded file into the variants pages show (sharp, libvips): checked by content, not by
 * name or header (sharp reads the bytes' own signature; anything it cannot decode as a still image is
 * refused), bounded in pixels before decoding (a decompression bomb is refused, not decoded), turned
 * upright by its EXIF orientation, stripped of every metadata block (EXIF, GPS, XMP, ICC comments:
 * sharp keeps none unless asked with withMetadata/keepExif), and resized to the widths the pages use.
 *
 * Formats, measured on this machine (a 3000×2000 photo-like image, docs/decisions.md "Images (issue
 * 27)"): WebP at every width (quality 78, effort 4: 0.1–1.6 s), AVIF up to 1280 px (quality 55,
 * effort 2: 0.3–2.1 s; 40 % smaller than WebP). AVIF at 1920 px cost 5.6 s of CPU, so the widest
 * variant is WebP only; every browser the site supports decodes WebP.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

/** The widths a page asks for: a phone card, a desktop card or phone cover, a desktop cover, a retina one. */
export const VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;
const AVIF_MAX_WIDTH = 1280;
/** Bumped when the processing changes, so new variants get new names (old ones stay immutable). */
const PROCESSING_VERSION = 'v1';

export type VariantFormat = 'avif' | 'webp';

export interface ImageVariantFile {
  width: number;
  height: number;
  format: VariantFormat;
  /** The file's name in the store, under `images/`: `<hash>-<width>.<format>`. */
  name: string;
  body: Buffer;
}

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  variants: ImageVariantFile[];
}

/** A file that is not an image the site can show, or one too large in pixels: the message says which. */
export class ImageRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefusedError';
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export interface ProcessOptions {
  /** Largest width × height decoded (sharp's limitInputPixels). */
  maxPixels: number;
}

export async function processImage(input: Buffer, options: ProcessOptions): Promise<ProcessedImage> {
  const open = () => sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 });
  const tooLarge = () =>
    new ImageRefusedError(`This image is too large: at most ${Math.round(options.maxPixels / 1_000_000)} megapixels`);
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    // libvips reads the size from the header and refuses before decoding a pixel.
    if (/pixel limit/i.test(String(error))) throw tooLarge();
    throw new ImageRefusedError('This file is not an image: upload a JPEG, PNG, WebP, AVIF or GIF picture');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
    throw new ImageRefusedError('This file is not an image: upload a JPEG, PNG, WebP, AVIF or GIF picture');
  if (metadata.width * metadata.height > options.maxPixels) throw tooLarge();
  // Upright first: width and height are the oriented ones.
  const upright = metadata.orientation && metadata.orientation >= 5;
  const width = upright ? metadata.height : metadata.width;
  const height = upright ? metadata.width : metadata.height;
  const hash = createHash('sha256').update(PROCESSING_VERSION).update(input).digest('hex').slice(0, 32);
  const widths = [...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, VARIANT_WIDTHS.at(-1)!)].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
  const variants: ImageVariantFile[] = [];
  try {
    for (const w of widths) {
      const h = Math.round((height * w) / width);
      // rotate() with no angle applies the EXIF orientation; no withMetadata(): every block is dropped.
      const resized = () => open().rotate().resize({ width: w, withoutEnlargement: true });
      variants.push({
        width: w,
        height: h,
        format: 'webp',
        name: `${hash}-${w}.webp`,
        body: await resized().webp({ quality: 78, effort: 4 }).toBuffer(),
      });
      if (w <= AVIF_MAX_WIDTH)
        variants.push({
          width: w,
          height: h,
          format: 'avif',
          name: `${hash}-${w}.avif`,
          body: await resized().avif({ quality: 55, effort: 2 }).toBuffer(),
        });
    }
  } catch {
    throw new ImageRefusedError('This image could not be read: it may be damaged; try another file');
  }
  return { hash, width, height, variants };
}
