/** Seeded content of /items/winners_page (spec: Winner content). A video shows only when both title and url exist. */
export const WINNERS_PAGE = {
  overview_title: 'Our winners',
  overview_description: '<p>Every ROAR+ draw is closed, drawn and published from a verifiable event log. Here are the members who took a prize home.</p>',
  youtube_title_1: 'Masters trip winner',
  youtube_url_1: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtube_title_2: 'Golf bag giveaway',
  youtube_url_2: 'https://www.youtube.com/watch?v=ysz5S6PUM-U',
  youtube_title_3: null,
  youtube_url_3: null,
  youtube_title_4: null,
  youtube_url_4: null,
} as const;
