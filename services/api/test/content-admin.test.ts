import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { PATH_CLASH } from '../src/content-admin/collections';
import { startTestApi, type TestApi } from './setup';

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

async function staffCall<T = Record<string, unknown>>(method: string, path: string, body?: unknown, who: StaffRoleName = 'staff') {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: r.status, body: (await r.json()) as T };
}
const publicPage = async (path: string) => {
  const r = await fetch(`${api.url}/items/pages?filter[path][_eq]=${encodeURIComponent(path)}&filter[status][_eq]=published`);
  return ((await r.json()) as { data: Array<{ title: string; content: string }> }).data[0] ?? null;
};
const publicFaqs = async () =>
  ((await (await fetch(`${api.url}/items/faqs`)).json()) as { data: Array<{ id: number; question: string; answer: string }> }).data;

const HOSTILE = [
  '<p onclick="steal()">Hello</p>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(2)">x</a>',
  '<a href="JaVaScRiPt:alert(3)">y</a>',
  '<img src="x" onerror="alert(4)">',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="alert(5)"></svg>',
  '<a href="https://example.com" onmouseover="alert(6)">ok</a>',
].join('');

describe('staff edit of pages and FAQs', () => {
  it('sanitises staff HTML on the server: no script, event handler or javascript: link reaches a member', async () => {
    const saved = await staffCall<{ content: string }>('PUT', `/content-pages/${encodeURIComponent('/about-us')}`, {
      title: 'About Us',
      status: 'published',
      content: HOSTILE,
      reason: 'Security test',
    });
    expect(saved.status).toBe(200);
    const served = (await publicPage('/about-us'))!.content;
    for (const html of [saved.body.content, served]) {
      expect(html).not.toMatch(/<script|<iframe|<svg|javascript:|\son[a-z]+=/i);
      expect(html).toContain('<p>Hello</p>');
      expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    }
    const preview = await staffCall<{ html: string }>('POST', '/content-preview', { html: '<b onmouseover="x()">bold</b><script>1</script>' });
    expect(preview.body.html).toBe('<b>bold</b>');
  });

  it('edits a page and a FAQ, keeps every version with who and why, and restores an older one at once', async () => {
    const path = encodeURIComponent('/benefits');
    const before = (await publicPage('/benefits'))!;
    const edited = await staffCall('PUT', `/content-pages/${path}`, {
      title: 'Member benefits',
      status: 'published',
      content: '<p>New copy</p>',
      reason: 'Spring refresh',
    });
    expect(edited.status).toBe(200);
    expect(await publicPage('/benefits')).toMatchObject({ title: 'Member benefits', content: '<p>New copy</p>' });
    const shown = await staffCall<{ versions: Array<{ version: number; staff_email: string; reason: string }> }>('GET', `/content-pages/${path}`);
    expect(shown.body.versions.map((v) => [v.version, v.reason])).toEqual([
      [2, 'Spring refresh'],
      [1, 'Launch copy'],
    ]);
    expect(shown.body.versions[0]!.staff_email).toMatch(/^staff-/);

    const restored = await staffCall('POST', `/content-pages/${path}/restore`, { version: 1, reason: 'Back to launch copy' });
    expect(restored.status).toBe(200);
    expect(await publicPage('/benefits')).toMatchObject({ title: before.title, content: before.content });

    const faq = (await publicFaqs())[0]!;
    await staffCall('PUT', `/content-faqs/${faq.id}`, {
      question: faq.question,
      answer: 'A clearer answer.',
      status: 'published',
      sort: 1,
      reason: 'Clarity',
    });
    expect((await publicFaqs()).find((f) => f.id === faq.id)?.answer).toBe('A clearer answer.');
    await staffCall('POST', `/content-faqs/${faq.id}/restore`, { version: 1, reason: 'Undo' });
    expect((await publicFaqs()).find((f) => f.id === faq.id)?.answer).toBe(faq.answer);
  });

  it('never serves drafts, refuses a path that clashes with an app route, and lets auditors only read', async () => {
    const draft = await staffCall('POST', '/content-pages', {
      path: '/golf-etiquette',
      title: 'Golf etiquette',
      status: 'draft',
      content: '<p>Soon</p>',
      reason: 'New page',
    });
    expect(draft.status).toBe(201);
    expect(await publicPage('/golf-etiquette')).toBeNull();
    const anyStatus = await fetch(`${api.url}/items/pages?filter[path][_eq]=/golf-etiquette&filter[status][_eq]=draft`);
    expect(((await anyStatus.json()) as { data: unknown[] }).data).toEqual([]);
    for (const path of ['/dashboard', '/dashboard/orders', '/login', '/rewards', '/admin/x']) {
      const clash = await staffCall<{ errors: Array<{ message: string }> }>('POST', '/content-pages', {
        path,
        title: 'x',
        status: 'published',
        content: '',
        reason: 'clash',
      });
      expect([path, clash.status]).toEqual([path, 400]);
      expect(clash.body.errors[0]?.message).toContain(PATH_CLASH);
    }
    expect(
      (
        await staffCall(
          'PUT',
          `/content-pages/${encodeURIComponent('/golf-etiquette')}`,
          { title: 'x', status: 'published', content: '', reason: 'nope' },
          'auditor',
        )
      ).status,
    ).toBe(403);
    expect((await staffCall('GET', '/content-pages', undefined, 'auditor')).status).toBe(200);
  });

  it('edits the winners page: a video shows only with both title and url, links must be YouTube', async () => {
    const base = {
      overview_title: 'Our winners',
      overview_description: '<p>Results <script>x()</script></p>',
      youtube_title_2: null,
      youtube_url_2: null,
      youtube_title_3: null,
      youtube_url_3: null,
      youtube_title_4: null,
      youtube_url_4: null,
    };
    const bad = await staffCall('PUT', '/content-winners-page/1', {
      ...base,
      youtube_title_1: 'Draw night',
      youtube_url_1: 'https://evil.example/v',
      reason: 'Video',
    });
    expect(bad.status).toBe(400);
    const ok = await staffCall('PUT', '/content-winners-page/1', {
      ...base,
      youtube_title_1: 'Draw night',
      youtube_url_1: 'https://www.youtube.com/watch?v=abcdefghijk',
      reason: 'First real winner video',
    });
    expect(ok.status).toBe(200);
    const served = ((await (await fetch(`${api.url}/items/winners_page`)).json()) as { data: Record<string, unknown> }).data;
    expect(served).toMatchObject({
      overview_description: '<p>Results </p>',
      youtube_title_1: 'Draw night',
      youtube_url_1: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    await staffCall('POST', '/content-winners-page/1/restore', { version: 1, reason: 'Undo' });
    expect(((await (await fetch(`${api.url}/items/winners_page`)).json()) as { data: Record<string, unknown> }).data.youtube_url_1).toBeNull();
  });

  it('edits the home blocks: four cards and three blurbs, served at once', async () => {
    const current = (
      await staffCall<{ how_it_works: Array<Record<string, string>>; features: Array<Record<string, string>> }>('GET', '/content-home-blocks/1')
    ).body;
    expect(
      (
        await staffCall('PUT', '/content-home-blocks/1', {
          how_it_works: current.how_it_works.slice(0, 3),
          features: current.features,
          reason: 'Too few',
        })
      ).status,
    ).toBe(400);
    const cards = current.how_it_works.map((c, i) => (i === 0 ? { ...c, title: 'Pick a plan' } : c));
    expect(
      (await staffCall('PUT', '/content-home-blocks/1', { how_it_works: cards, features: current.features, reason: 'Shorter title' })).status,
    ).toBe(200);
    const served = ((await (await fetch(`${api.url}/items/home_blocks`)).json()) as { data: { how_it_works: Array<{ title: string }> } }).data;
    expect(served.how_it_works[0]!.title).toBe('Pick a plan');
  });
});
