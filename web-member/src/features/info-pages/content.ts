/**
 * The club's launch pages (issue 20, defect 21): what each benefit is, in the spec's words
 * (section 1), with the project's own illustrations from /public.
 */
export interface StepCard {
  readonly title: string;
  readonly subtitle: string;
  readonly copy: string;
}

/** Illustrations for the four how-it-works steps, in order: membership, discounts, prizes, handicap. */
export const STEP_IMAGES: readonly { readonly src: string; readonly alt: string }[] = [
  { src: '/instagram/sunrise-tee.svg', alt: 'First tee at sunrise' },
  { src: '/testimonials/tag.svg', alt: 'A discount tag' },
  { src: '/instagram/giveaway.svg', alt: 'A wrapped prize' },
  { src: '/testimonials/card.svg', alt: 'A handicap card' },
];

export type TileIcon = 'tag' | 'flag' | 'card' | 'ticket' | 'bag' | 'team';

export interface BenefitTile {
  readonly id: string;
  readonly image: string;
  readonly imageAlt: string;
  readonly icon: TileIcon;
  readonly title: string;
  readonly copy: string;
  readonly colour: string;
  readonly link: { readonly label: string; readonly to: string };
}

export const BENEFIT_TILES: readonly BenefitTile[] = [
  {
    id: 'discounts',
    image: '/testimonials/tag.svg',
    imageAlt: 'A discount tag',
    icon: 'tag',
    colour: '#f5b82e',
    title: 'Partner discounts',
    copy: 'Members get discounts of 5% to 30% on golf gear, groceries and fuel.',
    link: { label: 'See the rewards', to: '/rewards' },
  },
  {
    id: 'cashback',
    image: '/testimonials/flag.svg',
    imageAlt: 'A flag on the green',
    icon: 'flag',
    colour: '#38bdf8',
    title: 'Green-fee cashback',
    copy: 'Cashback on one round of golf a month (up to $20 on green fees).',
    link: { label: 'How to claim', to: '/dashboard/clubhouse/cashback' },
  },
  {
    id: 'handicap',
    image: '/testimonials/card.svg',
    imageAlt: 'A handicap card',
    icon: 'card',
    colour: '#34d399',
    title: 'Official handicap',
    copy: 'An official handicap (request or transfer, scorecards).',
    link: { label: 'Open the clubhouse', to: '/dashboard/clubhouse' },
  },
  {
    id: 'draws',
    image: '/testimonials/ticket.svg',
    imageAlt: 'A draw ticket',
    icon: 'ticket',
    colour: '#a78bfa',
    title: 'Prize draws',
    copy: 'Members get tickets into prize draws: team, bonus, weekly, normal cash, event and experience draws.',
    link: { label: 'Member draws', to: '/member-draws' },
  },
  {
    id: 'shop',
    image: '/testimonials/irons.svg',
    imageAlt: 'Golf irons',
    icon: 'bag',
    colour: '#fb7185',
    title: 'The ROAR Store',
    copy: 'Members get a pro shop with cart, checkout and orders.',
    link: { label: 'Visit the store', to: '/pro-shop' },
  },
  {
    id: 'referrals',
    image: '/testimonials/team.svg',
    imageAlt: 'Four team mates',
    icon: 'team',
    colour: '#2f6bff',
    title: 'Referrals and team draws',
    copy: 'Earn extra entries for every successful signup using your link. Conditions Apply',
    link: { label: 'Team prizes', to: '/team-prizes' },
  },
];
