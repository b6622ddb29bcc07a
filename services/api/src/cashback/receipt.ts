import type { Receipt } from '@roar/domain';

export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const RECEIPT_TOO_LARGE = 'The receipt must be 10 MB or smaller.';
export const RECEIPT_WRONG_TYPE = 'The receipt must be a JPEG, PNG or WebP image, or a PDF.';

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0): boolean => bytes.every((b, i) => data[offset + i] === b);

/**
 * The receipt's type from its first bytes, never from its name or the browser's claim: an
 * executable renamed .jpg has neither JPEG's nor any other allowed signature.
 */
export function sniffReceiptType(data: Buffer): { contentType: Receipt['contentType']; extension: string } | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  return null;
}
