/**
 * The re-encoding of an accepted photo with sharp (libvips), run only in the photo process
 * (photo-worker.ts). The size in pixels is read from the header before anything is decoded; the
 * photo is turned upright by its EXIF orientation and written without any metadata (EXIF, GPS,
 * XMP, ICC comments), at full size in its own format and as AVIF, WebP and JPEG at the standard
 * widths it reaches. Names carry a hash of the name and content, so a replaced photo's files are
 * new files. libvips runs one thread with its cache off (sharp's advice on glibc, which otherwise
 * fragments memory across threads).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { StorageFailure } from './errors.ts';
import {
  extensions,
  maxPhotoPixels,
  mimeTypes,
  type PhotoFormat,
  type ProcessedPhoto,
  variantWidths,
} from './photos.ts';

sharp.cache(false);
sharp.concurrency(1);

function splitName(name: string): string {
  return name.replace(/\.[a-z0-9]{1,5}$/i, '');
}

async function readHeader(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // Reads the header only; nothing is decoded yet.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new StorageFailure(400, 'invalid_image', 'The photo could not be read; it may be damaged');
  }
  if (!meta.width || !meta.height) {
    throw new StorageFailure(400, 'invalid_image', 'The photo could not be read; it may be damaged');
  }
  const pixels = meta.width * meta.height;
  if (pixels > maxPhotoPixels) {
    const megapixels = Math.round(pixels / 100_000) / 10;
    throw new StorageFailure(
      400,
      'image_too_large',
      `The photo is ${meta.width}×${meta.height} pixels (${megapixels} megapixels); the most is 40 megapixels`,
    );
  }
  // Orientations 5 to 8 turn the photo a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

export async function encode(bytes: Uint8Array, name: string, format: PhotoFormat): Promise<ProcessedPhoto> {
  const { width, height } = await readHeader(bytes);
  const input = () => sharp(bytes, { limitInputPixels: maxPhotoPixels, failOn: 'error' }).rotate();
  const full = input();
  const originalBytes = await (format === 'jpeg'
    ? full.jpeg({ quality: 88 })
    : format === 'png'
      ? full.png({ compressionLevel: 6 })
      : full.webp({ quality: 88 })
  ).toBuffer();
  const hash = createHash('sha256').update(name).update('\0').update(originalBytes).digest('hex').slice(0, 16);
  const stem = splitName(name);
  const widths = variantWidths.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width as (typeof variantWidths)[number]);
  // The largest size is made once from the photo; the smaller ones from it, which is much cheaper
  // than decoding the full photo again for each.
  const largest = Math.max(...widths);
  const base = await input().resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const variants: ProcessedPhoto['variants'] = [];
  for (const w of widths) {
    for (const variantFormat of ['avif', 'webp', 'jpeg'] as const) {
      let pipeline = sharp(base.data, { raw }).resize({ width: w });
      if (variantFormat === 'jpeg')
        pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true });
      else if (variantFormat === 'webp') pipeline = pipeline.webp({ quality: 75 });
      else pipeline = pipeline.avif({ quality: 50, effort: 3 });
      const out = await pipeline.toBuffer({ resolveWithObject: true });
      variants.push({
        name: `${stem}.${hash}.${w}.${extensions[variantFormat]}`,
        width: out.info.width,
        height: out.info.height,
        format: variantFormat,
        mimetype: mimeTypes[variantFormat],
        size: out.data.length,
        bytes: out.data,
      });
    }
  }
  return {
    format,
    mimetype: mimeTypes[format],
    width,
    height,
    hash,
    original: { name: `${stem}.${hash}.${extensions[format]}`, bytes: originalBytes },
    variants,
  };
}
