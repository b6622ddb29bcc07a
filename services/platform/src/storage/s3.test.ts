import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage, signV4 } from './s3';

describe('SigV4', () => {
  it('matches the GET Object example of the AWS S3 documentation', () => {
    const { authorization } = signV4({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A local fake of an S3 bucket: checks each request's signature, keeps objects in memory. */
function fakeS3(secret: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const amzDate = String(req.headers['x-amz-date']);
      const at = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      );
      const type = req.headers['content-type'];
      const expected = signV4({
        method: req.method ?? '',
        host: String(req.headers.host),
        path: decodeURIComponent(req.url ?? ''),
        headers: type ? { 'content-type': type } : {},
        payloadHash: String(req.headers['x-amz-content-sha256']),
        region: 'auto',
        accessKeyId: 'test-key',
        secretAccessKey: secret,
        at,
      });
      if (req.headers.authorization !== expected.authorization) return void res.writeHead(403).end('SignatureDoesNotMatch');
      const key = req.url ?? '';
      if (req.method === 'PUT') objects.set(key, { body, type: type ?? 'application/octet-stream' });
      if (req.method === 'GET') {
        const o = objects.get(key);
        return void (o ? res.writeHead(200, { 'content-type': o.type }).end(o.body) : res.writeHead(404).end());
      }
      if (req.method === 'DELETE') objects.delete(key);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    });
  });
  return { server, objects };
}

describe('s3Storage against a local fake', () => {
  const fake = fakeS3('test-secret');
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (fake.server as Server).close(() => resolve())));

  it('puts, gets and deletes a signed object; a wrong secret is refused', async () => {
    const store = s3Storage({ endpoint, bucket: 'receipts', region: 'auto', accessKeyId: 'test-key', secretAccessKey: 'test-secret' });
    const stored = await store.put('receipts/2026/11/a_b.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    expect(stored).toMatchObject({ size: 13, contentType: 'application/pdf' });
    expect(fake.objects.has('/receipts/receipts/2026/11/a_b.pdf')).toBe(true);
    const read = await store.get('receipts/2026/11/a_b.pdf');
    expect(read?.data.toString()).toBe('%PDF-1.4 test');
    expect(read?.contentType).toBe('application/pdf');
    await store.delete('receipts/2026/11/a_b.pdf');
    expect(await store.get('receipts/2026/11/a_b.pdf')).toBeNull();

    const wrong = s3Storage({ endpoint, bucket: 'receipts', region: 'auto', accessKeyId: 'test-key', secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('receipts/x.pdf', Buffer.from('%PDF'), 'application/pdf')).rejects.toThrow('403');
  });
});
