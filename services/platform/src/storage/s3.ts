import { createHash, createHmac } from 'node:crypto';
import { assertStorageKey, sha256Hex, type StoragePort } from './index';

export interface S3Options {
  /** `https://<account>.r2.cloudflarestorage.com`, `https://s3.ap-southeast-2.amazonaws.com`, a MinIO URL... */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Outer timeout of one request. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const hashHex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
const encode = (s: string, keepSlash: boolean): string =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export interface SignInput {
  readonly method: string;
  readonly host: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly payloadHash: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly at: Date;
}

/** AWS Signature Version 4 for S3 (path-style, no query): the Authorization header value. */
export function signV4(input: SignInput): { authorization: string; amzDate: string } {
  const amzDate = input.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    input.method,
    encode(input.path, true),
    '',
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hashHex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    amzDate,
  };
}

/** The same port over an S3-compatible bucket: PUT, GET, DELETE of path-style object URLs, signed with SigV4. */
export function s3Storage(options: S3Options): StoragePort {
  const base = new URL(options.endpoint);
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const request = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> => {
    assertStorageKey(key);
    const path = `${base.pathname.replace(/\/$/, '')}/${options.bucket}/${key}`;
    const payloadHash = body ? hashHex(body) : hashHex('');
    const extra: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const { authorization, amzDate } = signV4({
      method,
      host: base.host,
      path,
      headers: extra,
      payloadHash,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      at: now(),
    });
    return doFetch(new URL(encode(path, true), base), {
      method,
      headers: { ...extra, authorization, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash },
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const r = await request('PUT', key, data, contentType);
      if (!r.ok) throw new Error(`S3 put ${key} failed: ${r.status}`);
      return { key, contentType, size: data.length, sha256: sha256Hex(data) };
    },
    async get(key) {
      const r = await request('GET', key);
      if (r.status === 404) return null;
      if (!r.ok) throw new Error(`S3 get ${key} failed: ${r.status}`);
      return { data: Buffer.from(await r.arrayBuffer()), contentType: r.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const r = await request('DELETE', key);
      if (!r.ok && r.status !== 404) throw new Error(`S3 delete ${key} failed: ${r.status}`);
    },
  };
}
