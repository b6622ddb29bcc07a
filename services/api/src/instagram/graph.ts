import { z } from 'zod';
import type { InstagramPort, InstagramPost } from './port';

const mediaSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      caption: z.string().optional(),
      media_type: z.string(),
      media_url: z.string().optional(),
      thumbnail_url: z.string().optional(),
      permalink: z.string(),
      timestamp: z.string(),
    }),
  ),
});

/** The Instagram Graph API (`/me/media` of the account whose token is in the service keys), with an outer timeout. */
export function graphInstagram(options: {
  token: () => Promise<string | undefined>;
  userId?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  limit?: number;
}): InstagramPort {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'graph',
    async recentPosts(): Promise<InstagramPost[]> {
      const token = await options.token();
      if (!token) return [];
      const user = (await options.userId?.()) || 'me';
      const url = new URL(`https://graph.instagram.com/${encodeURIComponent(user)}/media`);
      url.searchParams.set('fields', 'id,caption,media_type,media_url,thumbnail_url,permalink,timestamp');
      url.searchParams.set('limit', String(options.limit ?? 8));
      url.searchParams.set('access_token', token);
      const r = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      if (!r.ok) throw new Error(`Instagram Graph API answered ${r.status}`);
      const body = mediaSchema.parse(await r.json());
      return body.data
        .map((m) => ({
          id: m.id,
          caption: m.caption ?? '',
          image: m.media_type === 'VIDEO' ? (m.thumbnail_url ?? '') : (m.media_url ?? ''),
          permalink: m.permalink,
          timestamp: m.timestamp,
        }))
        .filter((p) => p.image.startsWith('https://') && p.permalink.startsWith('https://'));
    },
  };
}
