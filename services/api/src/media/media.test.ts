import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/setup';
import { signInStaff, type StaffLogin, type StaffRoleName } from '../admin/test-staff';
import { imagePathSchema } from '@roar/domain';
import { sniffImageType } from './images';
import { UNSUPPORTED_IMAGE } from '.';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6bff' } })
    .png()
    .toBuffer();

describe('staff media uploads', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;
  const upload = (body: Buffer | string, kind: string, role: StaffRoleName = 'staff', type = 'image/png') =>
    fetch(`${api.url}/api/admin/media?kind=${kind}`, {
      method: 'POST',
      body,
      headers: { 'content-type': type, authorization: `Bearer ${staff[role].token}` },
    });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    staff = await signInStaff(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('knows an image by its bytes, not its name or declared type', async () => {
    expect(sniffImageType(await png(2, 2))).toBe('png');
    expect(
      sniffImageType(
        await sharp(await png(2, 2))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
  });

  it('stores a prize image at the sizes the member console uses and serves it under /media', async () => {
    const r = await upload(await png(3200, 1800), 'prize');
    expect(r.status).toBe(201);
    const body = (await r.json()) as { variants: Record<string, { url: string; width: number; height: number }> };
    expect(body.variants.landscape).toMatchObject({ width: 1600, height: 900 });
    expect(body.variants.portrait).toMatchObject({ width: 900, height: 1200 });
    const served = await fetch(`${api.url}${body.variants.landscape!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 900]);
  });

  it('stores a shop product image square and wide; the shop catalogue accepts the uploaded path', async () => {
    const r = await upload(await png(2000, 2000), 'product');
    expect(r.status).toBe(201);
    const body = (await r.json()) as { variants: Record<string, { url: string; width: number; height: number }> };
    expect(body.variants.square).toMatchObject({ width: 800, height: 800 });
    expect(body.variants.wide).toMatchObject({ width: 1600, height: 900 });
    expect(imagePathSchema.safeParse(body.variants.square!.url).success).toBe(true);
    expect(imagePathSchema.safeParse('https://example.com/x.png').success).toBe(false);
    expect((await fetch(`${api.url}${body.variants.wide!.url}`)).status).toBe(200);
  });

  it('refuses what is not an image, too large a file, auditors and unknown kinds', async () => {
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'prize', 'staff', 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(JSON.stringify(await svg.json())).toContain(UNSUPPORTED_IMAGE);
    expect((await upload(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]), 'prize')).status).toBe(
      400,
    );
    expect((await upload(Buffer.alloc(9 * 1024 * 1024, 1), 'prize')).status).toBe(413);
    expect((await upload(await png(10, 10), 'prize', 'auditor')).status).toBe(403);
    expect((await upload(await png(10, 10), 'wallpaper')).status).toBe(400);
    expect((await fetch(`${api.url}/media/prize/../../secrets.webp`)).status).toBe(404);
  });
});
