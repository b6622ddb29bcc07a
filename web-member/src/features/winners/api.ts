import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';

const winnersPageSchema = z
  .object({
    overview_title: z.string().nullable().default(null),
    overview_description: z.string().nullable().default(null),
    youtube_title_1: z.string().nullable().default(null),
    youtube_url_1: z.string().nullable().default(null),
    youtube_title_2: z.string().nullable().default(null),
    youtube_url_2: z.string().nullable().default(null),
    youtube_title_3: z.string().nullable().default(null),
    youtube_url_3: z.string().nullable().default(null),
    youtube_title_4: z.string().nullable().default(null),
    youtube_url_4: z.string().nullable().default(null),
  })
  .loose();
export type WinnersContent = z.infer<typeof winnersPageSchema>;

const winnerSchema = z.object({
  prize_id: z.union([z.string(), z.number()]),
  title: z.string(),
  slug: z.string(),
  prize_type_id: z.string().nullable().default('vip'),
  hero_image: z.string().nullable().default(null),
  winner: z.string(),
  drawn_at: z.string(),
  prize_value: z.coerce.number().default(0),
  prize_value_currency: z.string().default('AUD'),
});
export type PublishedWinner = z.infer<typeof winnerSchema>;

/** `GET /items/winners_page`: the overview and up to four winner videos. */
export async function fetchWinnersContent(): Promise<ApiResult<WinnersContent>> {
  const result = await apiRequest('/items/winners_page', { schema: z.object({ data: winnersPageSchema }), serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /items/winners`: published results, newest first. */
export async function fetchWinners(): Promise<ApiResult<PublishedWinner[]>> {
  const result = await apiRequest('/items/winners', { schema: z.object({ data: z.array(winnerSchema) }), serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export interface WinnerVideo {
  readonly title: string;
  readonly videoId: string;
}

/** The id of a YouTube video from its watch, short, embed or shorts url; null when none is found. */
export function youtubeId(url: string): string | null {
  try {
    const u = new URL(url.trim());
    const host = u.hostname.replace(/^www\.|^m\./, '');
    const id =
      host === 'youtu.be'
        ? u.pathname.slice(1).split('/')[0]
        : host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')
          ? (u.searchParams.get('v') ?? u.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1])
          : undefined;
    return id && /^[\w-]{6,}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Up to four videos, each only when both its title and url exist (spec section 3). */
export function winnerVideos(content: WinnersContent): WinnerVideo[] {
  const videos: WinnerVideo[] = [];
  for (const n of [1, 2, 3, 4] as const) {
    const title = content[`youtube_title_${n}`]?.trim();
    const url = content[`youtube_url_${n}`]?.trim();
    if (!title || !url) continue;
    const videoId = youtubeId(url);
    if (videoId) videos.push({ title, videoId });
  }
  return videos;
}
