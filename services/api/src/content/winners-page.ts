import { NO_WINNER_VIDEOS, type WinnersPage } from '@roar/contracts/content';

/**
 * Seeded content of /items/winners_page (spec: Winner content). A video shows only when both title
 * and url exist. A fresh install has no winners and no winner videos: none are invented (issue 14,
 * defect 7); staff add videos of real winners once there are some.
 */
export const WINNERS_PAGE: WinnersPage = {
  overview_title: 'Our winners',
  overview_description: '<p>Every ROAR+ draw is closed, drawn and published from a verifiable event log, and every result is listed here.</p>',
  ...NO_WINNER_VIDEOS,
};
