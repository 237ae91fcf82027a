/**
 * Photos, checked by their bytes and re-encoded before anything is stored. Only JPEG, PNG and
 * WebP are accepted, recognised by their magic numbers (the declared type and the name's
 * extension may only agree with the bytes, never override them); SVG (which can carry scripts)
 * and everything else is refused. The size in pixels is read from the header before any decoding,
 * so a decompression bomb is refused before it costs memory. The photo is turned upright by its
 * EXIF orientation and re-encoded without any metadata (EXIF, GPS, XMP, comments), once at full
 * size in its own format and as AVIF, WebP and JPEG at the standard widths it reaches, under
 * content-hashed names (a replaced photo gets new names, so no cache serves the old one).
 *
 * This module decides what is accepted; photo-encoder.ts does the re-encoding, in a child process
 * of its own (photo-process.ts).
 */
import { StorageFailure } from './errors.ts';

export const maxPhotoBytes = 10 * 1024 * 1024;
export const maxPhotoPixels = 40_000_000;
export const variantWidths = [320, 640, 960, 1280] as const;

export type PhotoFormat = 'jpeg' | 'png' | 'webp';
export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export const mimeTypes: Record<PhotoFormat | VariantFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
export const extensions: Record<PhotoFormat | VariantFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};
const labels: Record<PhotoFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };

/** Names the server gives stored files: `<stem>.<16 hex>.<ext>` and `<stem>.<16 hex>.<width>.<ext>`. */
export const storedFilePattern = /\.[0-9a-f]{16}(?:\.[0-9]{1,5})?\.(?:avif|webp|jpg|png)$/;

export function sniffPhoto(bytes: Uint8Array): PhotoFormat | undefined {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').toLowerCase();
  return head.includes('<svg') || (head.trimStart().startsWith('<?xml') && head.includes('svg'));
}

const unsupported = (message: string) => new StorageFailure(415, 'invalid_mime_type', message);

/** The format a declared content type names; undefined for none or a generic one (storage-js sends text/plain for raw bodies). */
function claimedFormat(contentType: string | undefined): PhotoFormat | 'other' | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type?.startsWith('image/')) return undefined;
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return 'jpeg';
  if (type === 'image/png' || type === 'image/webp') return type === 'image/png' ? 'png' : 'webp';
  return 'other';
}

function extensionFormat(name: string): PhotoFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  if (extension === 'png' || extension === 'webp') return extension;
  return undefined;
}

/**
 * The photo's format by its bytes, or a refusal that says why. A file whose declared type or
 * extension names another format is refused rather than silently relabelled: it is usually the
 * wrong file, and its name would keep lying wherever it is shown.
 */
export function checkPhotoType(bytes: Uint8Array, contentType: string | undefined, name: string): PhotoFormat {
  const format = sniffPhoto(bytes);
  if (!format) {
    if (looksLikeSvg(bytes)) {
      throw unsupported('SVG images are not accepted (they can carry scripts); upload a JPEG, PNG or WebP photo');
    }
    throw unsupported('Only JPEG, PNG and WebP photos are accepted; this file is none of them');
  }
  const claimed = claimedFormat(contentType);
  if (claimed && claimed !== format) {
    const type = contentType?.split(';')[0]?.trim();
    throw unsupported(`This file is a ${labels[format]} photo but was sent as ${type}; send it as what it is`);
  }
  const named = extensionFormat(name);
  if (named && named !== format) {
    throw unsupported(
      `This file is a ${labels[format]} photo but its name ends in ${/\.[^.]+$/.exec(name)?.[0]}; rename it`,
    );
  }
  return format;
}

export interface StoredVariant {
  /** The object name it is served under (beside the photo's own name). */
  name: string;
  width: number;
  height: number;
  format: VariantFormat;
  mimetype: string;
  size: number;
}

export interface ProcessedPhoto {
  format: PhotoFormat;
  mimetype: string;
  width: number;
  height: number;
  hash: string;
  /** The upright, metadata-free photo at full size, and its stored name. */
  original: { name: string; bytes: Uint8Array };
  variants: (StoredVariant & { bytes: Uint8Array })[];
}

export function mimeTypeOf(format: PhotoFormat | VariantFormat): string {
  return mimeTypes[format];
}
