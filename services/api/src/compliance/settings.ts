import type { AppContext } from '../context';

/**
 * Placeholder until the terms branch merges (shared22.md): the club's draw settings with their
 * defaults before any `club-draw-settings` event. At merge the terms branch's version of this file wins.
 */
export interface DrawSettings {
  readonly promoterName: string;
  readonly abn: string;
  readonly address: string;
  /** Default claim period in days for a draw whose `claim_period_days` is null. */
  readonly claimPeriodDays: number;
  /** Days within which winners are published (30 by default). */
  readonly publicationDays: number;
  readonly drawPlace: string;
  readonly disputes: string;
  readonly freeAccountUnder18: boolean;
}

export const DEFAULT_DRAW_SETTINGS: DrawSettings = {
  promoterName: '',
  abn: '',
  address: '',
  claimPeriodDays: 14,
  publicationDays: 30,
  drawPlace: '',
  disputes: '',
  freeAccountUnder18: true,
};

export function readDrawSettings(_app: AppContext): Promise<DrawSettings> {
  return Promise.resolve(DEFAULT_DRAW_SETTINGS);
}
