import express, { Router } from 'express';
import { z } from 'zod';
import { newStorageKey, type StoragePort } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff, staffOf, WRITER_ROLES } from '../auth/staff-tokens';
import { uploadsStorage } from '../storage';
import { documentRoute } from '../http/openapi';
import { HttpError } from '../http/errors';
import { parseQuery } from '../http/validate';
import { MAX_UPLOAD_BYTES, MEDIA_KINDS, resizeForKind, sniffImageType } from './images';
import { uploadedMediaSchema } from '@roar/contracts/staff';

/** Where uploaded media are served from: the image base path the member console reads (`/media/<key>`). */
export const MEDIA_BASE_PATH = '/media';
export const UNSUPPORTED_IMAGE = 'Upload a PNG, JPEG, WebP or GIF image.';
export const IMAGE_TOO_LARGE = `Images may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

export const mediaQuerySchema = z.object({ kind: z.enum(MEDIA_KINDS) }).strict();

/** The storage port for media: the same uploads store as receipts (disk under DATA_DIR, or S3). */
const storageOf = (app: AppContext): StoragePort => uploadsStorage(app);

/**
 * `POST /api/admin/media?kind=prize` (admin, staff): the image as the raw body. Its type comes
 * from its bytes, its size is capped, and it is stored resized to the sizes the member console
 * uses, as WebP. Answers the public URL of each variant.
 */
export function mediaAdminRouter(app: AppContext): Router {
  const router = Router();
  router.post('/', requireStaff(app, WRITER_ROLES), express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES }), async (req, res) => {
    const { kind } = parseQuery(mediaQuerySchema, req);
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!sniffImageType(data)) throw new HttpError(400, UNSUPPORTED_IMAGE, 'INVALID_PAYLOAD');
    let variants;
    try {
      variants = await resizeForKind(data, kind);
    } catch {
      throw new HttpError(400, UNSUPPORTED_IMAGE, 'INVALID_PAYLOAD');
    }
    const storage = storageOf(app);
    const stem = newStorageKey(`media/${kind}`, 'webp', app.now()).replace(/\.webp$/, '');
    const stored: Record<string, { url: string; width: number; height: number }> = {};
    for (const v of variants) {
      const key = `${stem}-${v.variant}.webp`;
      await storage.put(key, v.data, 'image/webp');
      stored[v.variant] = { url: `${MEDIA_BASE_PATH}/${key.slice('media/'.length)}`, width: v.width, height: v.height };
    }
    app.logger.info({ kind, stem, staff: staffOf(res).id }, 'media uploaded');
    res.status(201).json({ id: stem, kind, variants: stored });
  });
  return router;
}

/** `GET /media/<key>`: uploaded media, public, cached for a year (keys are never reused). */
export function mediaPublicRouter(app: AppContext): Router {
  const router = Router();
  router.get(/^\/(.+)$/, async (req, res) => {
    const key = `media/${String(req.params[0] ?? '')}`;
    let found;
    try {
      found = await storageOf(app).get(key);
    } catch {
      found = null; // an invalid key is simply not there
    }
    if (!found || !key.endsWith('.webp')) {
      res.status(404).json({ errors: [{ message: 'Not found.' }] });
      return;
    }
    res.setHeader('Content-Type', found.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(found.data);
  });
  return router;
}

documentRoute({
  method: 'post',
  path: '/api/admin/media',
  tag: 'staff',
  auth: 'staff',
  summary: 'Upload an image (admin, staff): PNG, JPEG, WebP or GIF by its bytes, at most 8 MB; stored resized as WebP; answers each variant URL',
  query: mediaQuerySchema,
  status: 201,
  response: uploadedMediaSchema,
  errors: [400, 401, 403, 413],
});

documentRoute({
  method: 'get',
  path: '/media/:path',
  tag: 'content',
  summary: 'An uploaded image (WebP), public and immutable: the URLs the upload answered',
  responseType: 'image/webp',
  response: z.string().describe('the image bytes (WebP)'),
  errors: [404],
});
