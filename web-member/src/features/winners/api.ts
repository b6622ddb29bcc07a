import { winnersPageAnswerSchema, type WinnersPage } from '@roar/contracts/content';
import { winnersAnswerSchema, type PublishedWinner } from '@roar/contracts/prizes';
import { apiRequest, type ApiResult } from '../../lib/api-client';

export type WinnersContent = WinnersPage;
export type { PublishedWinner };

/** `GET /items/winners_page`: the overview and up to four winner videos. */
export async function fetchWinnersContent(): Promise<ApiResult<WinnersContent>> {
  const result = await apiRequest('/items/winners_page', { schema: winnersPageAnswerSchema, serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /items/winners`: published results, newest first. */
export async function fetchWinners(): Promise<ApiResult<PublishedWinner[]>> {
  const result = await apiRequest('/items/winners', { schema: winnersAnswerSchema, serverMessage: true });
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
