import { LAUNCH_HOME_BLOCKS } from '@roar/contracts/content';

/**
 * Launch copy for the information pages and FAQs. Pages are editorial content (not event-sourced
 * business facts), so they live in plain tables the content API reads.
 */
export interface PageSeed {
  readonly path: string;
  readonly title: string;
  readonly content: string;
}

const support = '<p>Questions? Email <a href="mailto:support@roarplus.com.au">support@roarplus.com.au</a> or call 1300 762 775.</p>';

export const PAGES: readonly PageSeed[] = [
  {
    path: '/about-us',
    title: 'About Us',
    content:
      "<p>ROAR+ is Australia's sports rewards club, built by golfers and sports fans for golfers and sports fans.</p><p>Members save 5% to 30% with our partners on golf gear, groceries and fuel, claim cashback on a round of golf every month, hold an official golf handicap and go into the draw for prizes every month. Win big. No B.S.</p>",
  },
  {
    path: '/how-it-works',
    title: 'How It Works',
    content:
      '<ol><li><strong>Choose a membership.</strong> Free, a single entry, or a monthly membership. No obligation. Cancel anytime.</li><li><strong>Unlock discounts.</strong> Save 5% to 30% with partners on gear, groceries, fuel and tickets.</li><li><strong>Win prizes.</strong> Your entries stack every month you stay a member.</li><li><strong>Receive an official handicap.</strong> Request a new handicap or transfer yours, and submit scorecards.</li></ol>',
  },
  {
    path: '/benefits',
    title: 'Benefits',
    content:
      '<ul><li>Sports and music tickets and gear: save 20-30%.</li><li>Groceries, fuel and booze: save up to 5%.</li><li>Green fees: up to $20 cashback on one round of golf a month.</li><li>An official golf handicap with scorecards.</li><li>Entries into every eligible prize draw, stacking monthly.</li></ul>',
  },
  {
    path: '/team-prizes',
    title: 'Team Prizes',
    content:
      '<p>A paying subscriber invites 3 friends by email. Each pays a one-time $50 fee for 30 entries, 20% off merchandise and one month of the benefit programme.</p><p>A complete team of four is entered in the team draw, and the inviter gets a bonus of 40 entries. If anyone on the team wins, they must take the others along.</p>',
  },
  {
    path: '/rewards',
    title: 'Rewards',
    content: '<p>Members with rewards access save with our partners. Rewards stay open while your membership is active.</p>',
  },
  { path: '/support-center', title: 'Support Center', content: `<p>Find answers in our FAQ, or get in touch with the team.</p>${support}` },
  { path: '/contact-us', title: 'Contact Us', content: support },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    content:
      '<p>Giveaways are run under the applicable permits of each Australian state and territory. Entries are free with membership; a single entry may be bought for one giveaway. Winners are drawn at random from all eligible entries and notified by email.</p><p>Images may be subject to copyright and are illustrative only. Giveaways are not affiliated with, endorsed or sponsored by any sporting body.</p>',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    content:
      '<p>We collect the details you give us to run your membership, your entries and your handicap. We never sell your personal information. Winners are published by initials and state only.</p>',
  },
];

export interface FaqSeed {
  readonly sort: number;
  readonly question: string;
  readonly answer: string;
}

export const FAQS: readonly FaqSeed[] = [
  {
    sort: 1,
    question: 'Can I cancel any time?',
    answer: 'Yes. No obligation, cancel anytime. Your benefits and entries last until the end of the period you paid for.',
  },
  {
    sort: 2,
    question: 'Do my entries stack?',
    answer: 'Yes. Every month you stay a member, that month’s entries are added to the ones you already hold.',
  },
  { sort: 3, question: 'What is a single entry?', answer: 'A one-off purchase that puts you in one giveaway, without a subscription.' },
  {
    sort: 4,
    question: 'How are winners chosen?',
    answer:
      'Each draw closes with a frozen, published list of entries; the winner is chosen from randomness committed before the draw closed, so anyone can re-check the result.',
  },
  {
    sort: 5,
    question: 'How does the green-fee cashback work?',
    answer: 'Members can claim cashback on one round of golf a month, up to $20 on green fees.',
  },
];

export interface TestimonialSeed {
  readonly sort: number;
  readonly quote: string;
  readonly name: string;
  readonly image: string;
}

/**
 * Six illustrative testimonials (the spec's six): the product has no members' words yet, so these
 * are marked illustrative wherever they show, with drawn images, never presented as real people.
 * Staff replace them with real members' quotes (with consent) in the staff console.
 */
export const TESTIMONIALS: readonly TestimonialSeed[] = [
  { sort: 1, quote: 'A set of irons in my second month of stacked entries.', name: 'Illustrative member, Geelong', image: '/testimonials/irons.svg' },
  {
    sort: 2,
    quote: 'The green-fee cashback covers most of the membership.',
    name: 'Illustrative member, Parramatta',
    image: '/testimonials/flag.svg',
  },
  {
    sort: 3,
    quote: 'Our team of four went to the final together off the team draw.',
    name: 'Illustrative member, Brisbane',
    image: '/testimonials/team.svg',
  },
  {
    sort: 4,
    quote: 'Easy to join, easy to cancel, and the discounts get used.',
    name: 'Illustrative member, Adelaide',
    image: '/testimonials/tag.svg',
  },
  { sort: 5, quote: 'An official handicap without joining a club first.', name: 'Illustrative member, Perth', image: '/testimonials/card.svg' },
  {
    sort: 6,
    quote: 'The weekly draws make Friday nights a bit more interesting.',
    name: 'Illustrative member, Hobart',
    image: '/testimonials/ticket.svg',
  },
];

/** Home blocks (spec section 1): four how-it-works cards and three feature blurbs; partner-logo rows come from the partners. */
export const HOME_BLOCKS = LAUNCH_HOME_BLOCKS;
