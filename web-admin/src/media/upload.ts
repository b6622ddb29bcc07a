import { session } from '../auth/session';
import { uploadedMediaSchema, type MediaKind, type UploadedMedia } from '@roar/contracts/staff';
import { parseAnswer } from '../dataProvider';
import { firstErrorMessage } from '../httpErrors';

export type { MediaKind, UploadedMedia };

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
  return parseAnswer(uploadedMediaSchema, body, 'the upload');
}
