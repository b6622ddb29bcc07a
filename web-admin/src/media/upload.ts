import { session } from '../auth/session';
import { firstErrorMessage } from '../httpErrors';

export type MediaKind = 'prize' | 'testimonial' | 'partner' | 'banner' | 'product';
export interface UploadedMedia {
  readonly id: string;
  readonly kind: MediaKind;
  readonly variants: Record<string, { url: string; width: number; height: number }>;
}

/** POST /api/admin/media: the file's bytes as the body; the server checks, resizes and stores it. */
export async function uploadMedia(file: Blob, kind: MediaKind): Promise<UploadedMedia> {
  const token = session.token();
  const response = await fetch(`/api/admin/media?kind=${kind}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(firstErrorMessage(body) ?? `The upload failed (${response.status})`);
  return body as UploadedMedia;
}
