import { z } from 'zod';

/** One post as the home page shows it. */
export const instagramPostSchema = z.object({
  id: z.string().max(100),
  caption: z.string().max(2200),
  image: z.string().max(2000),
  permalink: z.string().max(2000),
  timestamp: z.string().max(40),
});
export type InstagramPost = z.infer<typeof instagramPostSchema>;

/** The Instagram port: the Graph API in production, sample posts locally. */
export interface InstagramPort {
  readonly kind: 'graph' | 'local';
  recentPosts(): Promise<InstagramPost[]>;
}

/**
 * Bounded refresh: at most one call per `ttlMs` (concurrent readers share it); a failed refresh
 * keeps serving the last good posts for up to `staleMs`, then nothing. Never throws: an Instagram
 * outage shows no posts, not an error.
 */
export function cachedInstagram(
  inner: InstagramPort,
  options: { ttlMs?: number; staleMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): InstagramPort {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const stale = options.staleMs ?? 24 * 60 * 60_000;
  const now = options.now ?? Date.now;
  let good: { posts: InstagramPost[]; at: number } | null = null;
  let tried = -Infinity;
  let inFlight: Promise<void> | null = null;
  const refresh = () =>
    (inFlight ??= inner
      .recentPosts()
      .then((posts) => {
        good = { posts, at: now() };
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        inFlight = null;
      }));
  return {
    kind: inner.kind,
    async recentPosts() {
      if (now() - tried >= ttl) {
        tried = now();
        void refresh();
      }
      // Readers during a refresh wait for it (one call for all of them).
      if (inFlight) await inFlight;
      return good && now() - good.at <= stale ? good.posts : [];
    },
  };
}
