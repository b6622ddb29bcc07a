import { describe, expect, it } from 'vitest';
import { graphInstagram } from './graph';
import { cachedInstagram, type InstagramPort, type InstagramPost } from './port';

const post = (id: string): InstagramPost => ({
  id,
  caption: id,
  image: `https://cdn.example/${id}.jpg`,
  permalink: `https://instagram.com/p/${id}`,
  timestamp: '2026-11-01T00:00:00Z',
});

describe('cached Instagram', () => {
  it('calls the API at most once per ttl, keeps the last good posts through an outage, then shows nothing', async () => {
    let calls = 0;
    let down = false;
    const inner: InstagramPort = {
      kind: 'graph',
      recentPosts: async () => {
        calls += 1;
        if (down) throw new Error('503');
        return [post(`p${calls}`)];
      },
    };
    let t = 0;
    const cached = cachedInstagram(inner, { ttlMs: 1000, staleMs: 5000, now: () => t });
    const [a, b] = await Promise.all([cached.recentPosts(), cached.recentPosts()]);
    expect(a.map((p) => p.id)).toEqual(['p1']);
    expect(b.map((p) => p.id)).toEqual(['p1']);
    t = 500;
    await cached.recentPosts();
    expect(calls).toBe(1);
    down = true;
    t = 1500;
    expect((await cached.recentPosts()).map((p) => p.id)).toEqual(['p1']);
    expect(calls).toBe(2);
    t = 6000;
    expect(await cached.recentPosts()).toEqual([]);
  });
});

describe('Graph API adapter', () => {
  it('maps media (video thumbnails too), drops non-https items, and sends the token', async () => {
    let asked = '';
    const fake = (async (url: URL) => {
      asked = url.toString();
      return new Response(
        JSON.stringify({
          data: [
            {
              id: '1',
              caption: 'Tee',
              media_type: 'IMAGE',
              media_url: 'https://cdn.example/1.jpg',
              permalink: 'https://instagram.com/p/1',
              timestamp: 't',
            },
            { id: '2', media_type: 'VIDEO', thumbnail_url: 'https://cdn.example/2.jpg', permalink: 'https://instagram.com/p/2', timestamp: 't' },
            { id: '3', media_type: 'IMAGE', media_url: 'javascript:alert(1)', permalink: 'https://instagram.com/p/3', timestamp: 't' },
          ],
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const posts = await graphInstagram({ token: async () => 'tok', fetch: fake }).recentPosts();
    expect(posts.map((p) => [p.id, p.image])).toEqual([
      ['1', 'https://cdn.example/1.jpg'],
      ['2', 'https://cdn.example/2.jpg'],
    ]);
    expect(asked).toContain('access_token=tok');
    expect(await graphInstagram({ token: async () => undefined, fetch: fake }).recentPosts()).toEqual([]);
    const failing = (async () => new Response('down', { status: 500 })) as unknown as typeof fetch;
    await expect(graphInstagram({ token: async () => 'tok', fetch: failing }).recentPosts()).rejects.toThrow('500');
  });
});
