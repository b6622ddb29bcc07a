import { describe, expect, it } from 'vitest';
import { NO_WINNER_VIDEOS } from '@roar/contracts/content';
import { winnerVideos, youtubeId, type WinnersContent } from './api';

const content = (fields: Partial<WinnersContent>): WinnersContent => ({
  overview_title: 'Our winners',
  overview_description: '',
  ...NO_WINNER_VIDEOS,
  ...fields,
});

describe('winner videos', () => {
  it('take the id from the url', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://vimeo.com/12345678')).toBeNull();
    expect(youtubeId('not a url')).toBeNull();
  });
  it('show only when both title and url exist, four at most', () => {
    const videos = winnerVideos(
      content({
        youtube_title_1: 'Jake wins irons',
        youtube_url_1: 'https://youtu.be/aaaaaaaaaaa',
        youtube_title_2: 'No url',
        youtube_url_3: 'https://youtu.be/ccccccccccc',
        youtube_title_4: 'Grand final',
        youtube_url_4: 'https://www.youtube.com/watch?v=ddddddddddd',
      }),
    );
    expect(videos).toEqual([
      { title: 'Jake wins irons', videoId: 'aaaaaaaaaaa' },
      { title: 'Grand final', videoId: 'ddddddddddd' },
    ]);
  });
});
