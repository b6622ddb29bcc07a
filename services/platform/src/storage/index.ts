import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * File storage for uploads (cashback receipts, staff media). The port speaks in keys
 * ("receipts/2026/11/<uuid>.pdf"); the embedded default keeps files on disk under the data folder,
 * production points an S3-compatible adapter at a bucket. Private files (receipts) are read back
 * through the API with an authorisation check; public media are served under the image base path.
 */
export interface StoredObject {
  readonly key: string;
  readonly contentType: string;
  readonly size: number;
  /** SHA-256 of the bytes, hex: the same file uploaded twice has the same digest. */
  readonly sha256: string;
}

export interface StoragePort {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A fresh key under a folder, keeping the extension: `media/2026/11/<uuid>.png`. */
export function newStorageKey(folder: string, extension: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${folder}/${month}/${randomUUID()}.${extension.replace(/^\./, '')}`;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,254}$/i;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}

/** Files under `root`, each with a `.meta.json` sidecar holding its content type. Writes are atomic (temp file + rename). */
export function diskStorage(root: string): StoragePort {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    kind: 'disk',
    async put(key, data, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
      await rename(tmp, path);
      return { key, contentType, size: data.length, sha256: sha256Hex(data) };
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      const [data, meta] = await Promise.all([readFile(path), readFile(`${path}.meta.json`, 'utf8').catch(() => '{}')]);
      const parsed = JSON.parse(meta) as { contentType?: unknown };
      return { data, contentType: typeof parsed.contentType === 'string' ? parsed.contentType : 'application/octet-stream' };
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },
  };
}
export * from './s3';
