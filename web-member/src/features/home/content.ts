import { LAUNCH_HOME_BLOCKS, type HomeBlocks } from '@roar/contracts/content';

/**
 * Home copy from spec section 1. Kept as data so the page components stay layout-only.
 */
export type HowItWorksCard = HomeBlocks['how_it_works'][number];

/** The launch copy (the contract's), shown until staff's edit has loaded. */
export const HOW_IT_WORKS: readonly HowItWorksCard[] = LAUNCH_HOME_BLOCKS.how_it_works;

export interface Benefit {
  readonly icon: 'ticket' | 'flag' | 'trophy';
  readonly title: string;
  readonly copy: string;
  readonly colour: string;
}

/** Icons and colours stay with the design; the words are the launch copy's. */
const FEATURE_LOOKS: ReadonlyArray<Pick<Benefit, 'icon' | 'colour'>> = [
  { icon: 'ticket', colour: '#f5b82e' },
  { icon: 'flag', colour: '#38bdf8' },
  { icon: 'trophy', colour: '#a78bfa' },
];
export const FEATURES: readonly Benefit[] = FEATURE_LOOKS.map((look, i) => ({
  ...look,
  title: LAUNCH_HOME_BLOCKS.features[i]?.title ?? '',
  copy: LAUNCH_HOME_BLOCKS.features[i]?.copy ?? '',
}));

/** The spec's three partner categories; their partners and logos come from `/items/partners` (staff edit them). */
export interface PartnerCategory {
  readonly id: 'tickets-and-gear' | 'groceries-fuel-booze' | 'green-fees';
  readonly title: string;
  readonly saving: string;
}

export const PARTNER_CATEGORIES: readonly PartnerCategory[] = [
  { id: 'tickets-and-gear', title: 'Sports and music tickets and gear', saving: 'Save 20-30%' },
  { id: 'groceries-fuel-booze', title: 'Groceries, fuel and booze', saving: 'Save up to 5%' },
  { id: 'green-fees', title: 'Green fees', saving: 'Up to $20 cashback' },
];
