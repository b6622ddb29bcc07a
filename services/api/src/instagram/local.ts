import type { InstagramPort } from './port';

/** Sample posts for the embedded default: images drawn for the project and served by the app. */
export const SAMPLE_POSTS = [
  {
    id: 'sample-1',
    caption: 'Sample post: first tee at sunrise. Connect the club’s Instagram in the staff console to show real posts.',
    image: '/instagram/sunrise-tee.svg',
    permalink: 'https://www.instagram.com/roarplus',
    timestamp: '2026-11-01T07:00:00+11:00',
  },
  {
    id: 'sample-2',
    caption: 'Sample post: this month’s giveaway is open to every member.',
    image: '/instagram/giveaway.svg',
    permalink: 'https://www.instagram.com/roarplus',
    timestamp: '2026-11-05T12:00:00+11:00',
  },
  {
    id: 'sample-3',
    caption: 'Sample post: cashback on your round, once a month.',
    image: '/instagram/green.svg',
    permalink: 'https://www.instagram.com/roarplus',
    timestamp: '2026-11-09T16:30:00+11:00',
  },
  {
    id: 'sample-4',
    caption: 'Sample post: a team of four, one draw.',
    image: '/instagram/team.svg',
    permalink: 'https://www.instagram.com/roarplus',
    timestamp: '2026-11-14T18:00:00+11:00',
  },
] as const;

export function localInstagram(): InstagramPort {
  return { kind: 'local', recentPosts: () => Promise.resolve(SAMPLE_POSTS.map((p) => ({ ...p }))) };
}
