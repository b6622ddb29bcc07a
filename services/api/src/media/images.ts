import sharp from 'sharp';
import { MEDIA_KINDS, type MediaKind } from '@roar/contracts/staff';

/** What staff may upload as media: the bytes decide, never the name or the declared type. SVG is refused (it can carry script). */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('ascii', 0, 6))) return 'gif';
  return null;
}

export { MEDIA_KINDS, type MediaKind };

interface Variant {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** cover: cropped to fill (photos); inside: scaled to fit, never cropped (logos). */
  readonly fit: 'cover' | 'inside';
}

/**
 * The sizes the member console shows each kind at: a giveaway's hero (16:9 cards and page) and its
 * portrait variant (phones and small cards), a round testimonial photo, a partner logo in its
 * chip, the about-us banner. Never enlarged past the original.
 */
export const MEDIA_VARIANTS: Readonly<Record<MediaKind, readonly Variant[]>> = {
  prize: [
    { name: 'landscape', width: 1600, height: 900, fit: 'cover' },
    { name: 'portrait', width: 900, height: 1200, fit: 'cover' },
  ],
  testimonial: [{ name: 'square', width: 400, height: 400, fit: 'cover' }],
  partner: [{ name: 'logo', width: 400, height: 200, fit: 'inside' }],
  banner: [{ name: 'wide', width: 1440, height: 420, fit: 'cover' }],
  /** A shop product: the square card and cart image, and the wide one on its page. */
  product: [
    { name: 'square', width: 800, height: 800, fit: 'cover' },
    { name: 'wide', width: 1600, height: 900, fit: 'cover' },
  ],
};

export interface ResizedImage {
  readonly variant: string;
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Each variant as WebP, EXIF orientation applied and metadata (GPS and all) stripped. */
export async function resizeForKind(data: Buffer, kind: MediaKind): Promise<ResizedImage[]> {
  const out: ResizedImage[] = [];
  for (const v of MEDIA_VARIANTS[kind]) {
    const { data: bytes, info } = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    out.push({ variant: v.name, data: bytes, width: info.width, height: info.height });
  }
  return out;
}
