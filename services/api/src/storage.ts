import { join } from 'node:path';
import { z } from 'zod';
import { diskStorage, s3Storage, type StoragePort } from '@roar/platform';
import type { AppContext } from './context';

/** S3-compatible storage when all four are set (production); the data folder otherwise. */
const s3Env = z.object({
  S3_ENDPOINT: z.url(),
  S3_BUCKET: z.string().min(1).max(63),
  S3_REGION: z.string().min(1).max(40).default('auto'),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
});

const cache = new Map<string, StoragePort>();

/** The one uploads store behind the storage port: receipts (private, read back through the API only) and staff media (public under /media). */
export function uploadsStorage(app: Pick<AppContext, 'config'>, env: NodeJS.ProcessEnv = process.env): StoragePort {
  const s3 = s3Env.safeParse(env);
  const key = s3.success ? `s3:${s3.data.S3_ENDPOINT}/${s3.data.S3_BUCKET}` : `disk:${app.config.DATA_DIR}`;
  let store = cache.get(key);
  if (!store) {
    store = s3.success
      ? s3Storage({
          endpoint: s3.data.S3_ENDPOINT,
          bucket: s3.data.S3_BUCKET,
          region: s3.data.S3_REGION,
          accessKeyId: s3.data.S3_ACCESS_KEY_ID,
          secretAccessKey: s3.data.S3_SECRET_ACCESS_KEY,
        })
      : diskStorage(join(app.config.DATA_DIR, 'uploads'));
    cache.set(key, store);
  }
  return store;
}
