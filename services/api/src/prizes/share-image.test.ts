import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_IMAGE, shareImagePath } from '@roar/contracts/prizes';
import { startTestApi, type TestApi } from '../../test/setup';
import { signInStaff, type StaffLogin, type StaffRoleName } from '../admin/test-staff';

/**
 * Issue 25: a giveaway's link shared on social media shows its prize. The sites draw no SVG (the
 * club's giveaway art), so the page's og:image is a JPEG the server draws from the hero image.
 */
const PUBLIC_IMAGES = join(import.meta.dirname, '../../../../web-member/public/images');
/** One of the club's giveaway pictures (SVG), as the launch catalogue uses them. */
const ART = 'golf-getaway-barnbougle';
const SEEDED = 'share-art';

describe('the picture of a shared giveaway link', () => {
  let api: TestApi;
  let web: string;
  let staff: Record<StaffRoleName, StaffLogin>;
  const asStaff = async (path: string, body: unknown, init: { method?: string; type?: string } = {}) => {
    const res = await fetch(`${api.url}${path}`, {
      method: init.method ?? 'POST',
      body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
      headers: { 'content-type': init.type ?? 'application/json', authorization: `Bearer ${staff.staff.token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const giveaway = async (slug: string, hero: string | null, status: 'published' | 'draft' = 'published') => {
    const created = await asStaff('/api/admin/prizes', {
      title: `Giveaway ${slug}`,
      slug,
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      prize_value: 500,
      hero_image: hero,
      status,
      reason: 'Share picture test',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  };
  const card = async (slug: string) => {
    const res = await fetch(`${api.url}/share/events/${slug}.jpg?v=1`);
    return { res, data: Buffer.from(await res.arrayBuffer()) };
  };
  /** The colour at the card's centre, as [r, g, b]. */
  const centre = async (jpeg: Buffer) =>
    [
      ...(await sharp(jpeg)
        .extract({ left: SHARE_IMAGE.width / 2, top: SHARE_IMAGE.height / 2, width: 1, height: 1 })
        .raw()
        .toBuffer()),
    ].slice(0, 3);

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'roar-share-'));
    const member = join(web, 'member');
    mkdirSync(join(member, 'images', 'giveaways'), { recursive: true });
    writeFileSync(join(member, 'index.html'), '<!doctype html><title>member console</title>');
    copyFileSync(join(PUBLIC_IMAGES, 'giveaway-default.svg'), join(member, 'images', 'giveaway-default.svg'));
    copyFileSync(join(PUBLIC_IMAGES, 'giveaways', `${ART}.svg`), join(member, 'images', 'giveaways', `${ART}.svg`));
    // A picture beside the console's files, not among them: never drawn.
    writeFileSync(
      join(web, 'secret.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff0000"/></svg>',
    );
    api = (await startTestApi({ database: 'pglite', web: { serveWeb: true, memberDist: member, adminDist: join(web, 'admin') } }))!;
    staff = await signInStaff(api);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("draws a giveaway's SVG art as a 1200 x 630 JPEG, kept between requests", async () => {
    await giveaway(SEEDED, `/images/giveaways/${ART}.svg`);
    const { res, data } = await card(SEEDED);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_IMAGE.width, SHARE_IMAGE.height]);
    // The seeded art's sky at the top, its greens at the bottom: the picture itself, not a blank card.
    const top = await sharp(data).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
    expect(top[0]!).toBeGreaterThan(200);
    // Kept: the same bytes again, under the same validator a client revalidates with.
    const again = await card(SEEDED);
    expect(again.data.equals(data)).toBe(true);
    expect(again.res.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it("draws a staff upload, and the default picture for a giveaway without one, one elsewhere or one outside the console's files", async () => {
    const red = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#d01010' } })
      .png()
      .toBuffer();
    const upload = await asStaff('/api/admin/media?kind=prize', red, { type: 'image/png' });
    expect(upload.status).toBe(201);
    const landscape = (upload.body.variants as Record<string, { url: string }>).landscape!.url;
    await giveaway('share-upload', landscape);
    await giveaway('share-none', null);
    await giveaway('share-elsewhere', 'https://images.example.test/prize.png');
    await giveaway('share-outside', '/../secret.svg');
    await giveaway('share-missing', '/images/giveaways/not-there.svg');

    const uploaded = await card('share-upload');
    expect(uploaded.res.status).toBe(200);
    const [r, g, b] = await centre(uploaded.data);
    expect(r!).toBeGreaterThan(180);
    expect(Math.max(g!, b!)).toBeLessThan(60);

    const none = await card('share-none');
    expect(none.res.status).toBe(200);
    expect(await centre(none.data)).not.toEqual(await centre(uploaded.data));
    for (const slug of ['share-elsewhere', 'share-outside', 'share-missing']) {
      const other = await card(slug);
      expect(other.res.status, slug).toBe(200);
      expect(other.data.equals(none.data), `${slug} shows the default picture`).toBe(true);
    }
    expect(none.data.equals((await card(SEEDED)).data)).toBe(false);
    // Every other public page's card: the same default picture.
    const site = await fetch(`${api.url}/share/site.jpg`);
    expect([site.status, site.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await site.arrayBuffer()).equals(none.data)).toBe(true);
  });

  it('answers 404 for a draft, an unknown giveaway and anything that is not a slug', async () => {
    await giveaway('share-draft', null, 'draft');
    for (const path of ['share-draft.jpg', 'no-such-giveaway.jpg', `${SEEDED}.png`, '..%2F..%2Fsecret.jpg', 'Share-None.jpg']) {
      const res = await fetch(`${api.url}/share/events/${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('is named by a path that changes with the hero image', () => {
    expect(shareImagePath(SEEDED, '/images/a.svg')).toMatch(new RegExp(`^/share/events/${SEEDED}\\.jpg\\?v=[0-9a-z]+$`));
    expect(shareImagePath(SEEDED, '/images/a.svg')).not.toBe(shareImagePath(SEEDED, '/images/b.svg'));
    expect(shareImagePath(SEEDED, null)).toBe(shareImagePath(SEEDED, ''));
  });
});
