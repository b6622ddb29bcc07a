import express, { type RequestHandler, type Router } from 'express';
import { newStorageKey } from '@roar/platform';
import type { AppContext } from '../context';
import { staffOf } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { uploadsStorage } from '../storage';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const UNSUPPORTED_DOCUMENT = 'Upload a PDF, PNG or JPEG document of at most 10 MB.';

/** The document's type from its first bytes (never the header the client sends). */
function sniffDocument(data: Buffer): { type: string; ext: string } | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { type: 'application/pdf', ext: 'pdf' };
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { type: 'image/png', ext: 'png' };
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { type: 'image/jpeg', ext: 'jpg' };
  return null;
}

/**
 * `POST <router>/documents`: a private compliance document (a permit, a winner's identity seen) as
 * the raw body, kept through the storage port under `folder`; answers the key the record stores.
 * Never served publicly (no route reads these keys back to the web).
 */
export function addDocumentUpload(app: AppContext, router: Router, folder: string, guard: RequestHandler): void {
  router.post('/documents', guard, express.raw({ type: () => true, limit: MAX_DOCUMENT_BYTES }), async (req, res) => {
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const kind = sniffDocument(data);
    if (!kind) throw new HttpError(400, UNSUPPORTED_DOCUMENT, 'INVALID_PAYLOAD');
    const key = newStorageKey(`compliance/${folder}`, kind.ext, app.now());
    await uploadsStorage(app).put(key, data, kind.type);
    app.logger.info({ key, staff: staffOf(res).id }, 'compliance document uploaded');
    res.status(201).json({ key, content_type: kind.type, bytes: data.length });
  });
}
