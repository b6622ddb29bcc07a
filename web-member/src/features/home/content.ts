/**
 * Home copy from spec section 1. Kept as data so the page components stay layout-only.
 */
export interface HowItWorksCard {
  readonly title: string;
  readonly subtitle: string;
  readonly copy: string;
}

export const HOW_IT_WORKS: readonly HowItWorksCard[] = [
  { title: 'Choose your membership', subtitle: 'Step 1', copy: 'Pick free, a single entry or a monthly membership. No obligation. Cancel anytime.' },
  { title: 'Unlock discounts', subtitle: 'Step 2', copy: 'Save 5% to 30% with our partners on golf gear, tickets, groceries and fuel.' },
  { title: 'Win prizes', subtitle: 'Step 3', copy: 'Your tickets stack every month into team, bonus, weekly and event draws.' },
  { title: 'Receive your official handicap', subtitle: 'Step 4', copy: 'Request or transfer an official handicap and log your scorecards.' },
];

export interface Benefit {
  readonly icon: 'ticket' | 'flag' | 'trophy';
  readonly title: string;
  readonly copy: string;
  readonly colour: string;
}

export const FEATURES: readonly Benefit[] = [
  { icon: 'ticket', title: 'Tickets that stack', copy: 'Monthly members collect entries every month and keep them. One-off entries are there when you want them.', colour: '#f5b82e' },
  { icon: 'flag', title: 'Cashback on your round', copy: 'Claim up to $20 cashback on green fees, once a month, at the course you choose.', colour: '#38bdf8' },
  { icon: 'trophy', title: 'Real prizes, drawn fairly', copy: 'Cash, gear, events and money-can’t-buy experiences, with every winner published.', colour: '#a78bfa' },
];

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
