import { LAUNCH_HOME_BLOCKS } from '@roar/contracts/content';
import { erasurePolicyHtml } from '@roar/contracts/erasure';

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

/** The launch privacy policy before issue 24: an install still showing it unedited gains the erasure section (content/store.ts). */
export const PRIVACY_BEFORE_ISSUE_24 =
  '<p>We collect the details you give us to run your membership, your entries and your handicap. We never sell your personal information. Winners are published by first name, initial and state or territory only, unless the law of their state lets them opt out.</p>';

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
    // Issue 22: the club's full terms, edited by staff like any page. Each draw's own terms (generated from its
    // data and the club's draw settings, at /events/{slug}/terms) add its dates, prizes, permits and claim period.
    content: [
      '<h2>1. These terms</h2>',
      '<p>These terms apply to ROAR+ memberships and to every prize draw we run. Each draw also has its own terms, shown on its page under "Terms of this draw": they name the promoter, the entry period, the prizes and their values, the draw date, time, place and method, the states and territories the draw is open in with the permit numbers relied on, the claim period and the redraw date. Where a draw\'s own terms differ from these, the draw\'s terms apply to that draw.</p>',
      '<h2>2. Who may enter</h2>',
      "<p>Draws are open to residents of the Australian states and territories each draw names who are 18 or over. We ask for your state or territory and date of birth when you join a paid plan. Entries of members outside a draw's open states, or under 18, are not included when its entries close. A free account without entries may be held where the club allows it.</p>",
      '<h2>3. Entries</h2>',
      '<p>Paid plans earn entries each month they are paid, and entries stack from month to month. A single entry may be bought for one draw. Referrals and teams earn the bonus entries described on their pages. Staff may correct entries, with the reason recorded and shown on your entry statement. Your entry statement (Dashboard, Total Entries) lists every entry you hold, where it came from and the draws it counts in.</p>',
      '<h2>4. How winners are drawn and how to check</h2>',
      '<p>When entries close, the list of entries is fixed and committed before the draw. The winning ticket is chosen from verifiable randomness committed in advance, and anyone can check the draw on its verify page and your own entries under My Draws, without trusting our server.</p>',
      '<h2>5. Winners, claims and redraws</h2>',
      "<p>Winners are told by email and on their dashboard. A winner claims within the claim period the draw's terms state, confirming their identity and date of birth (we may ask to see an ID) and where the prize goes. A prize that is declined, or not claimed within its period, is redrawn from the same committed list, excluding earlier winners of that draw, on the redraw date the draw's terms state, which for an unclaimed prize is at least 2 months after the draw.</p>",
      '<h2>6. Publishing winners</h2>',
      '<p>Winners are published on the Winners page by first name, initial and state or territory (for example "Sam K., QLD") with the prize and date, within the number of days the draw\'s terms state. Where the law of your state allows it, you may ask at your claim that your name not be published.</p>',
      '<h2>7. Your limits and breaks</h2>',
      '<p>You may set a monthly limit on draw purchases (from $0), take a break, or exclude yourself, in Settings under Limits &amp; Breaks. A lower limit applies at once; a higher one after a waiting time. A break or self-exclusion cannot be ended early, and entries you have paid for keep their place in draws.</p>',
      '<h2>8. Cancelling</h2>',
      '<p>You may cancel a monthly plan at any time in Settings. Before you confirm, we tell you which open draws your entries stay in, what is forfeited, and the date your benefits end; the confirmation email repeats it.</p>',
      '<h2>9. Records and your data</h2>',
      '<p>We keep the records of every draw for at least the period the law sets, and nothing in them is deleted before then. You can download everything we hold about you from your profile, and ask us through Support to correct what you cannot change yourself.</p>',
      '<h2>10. Questions and disputes</h2>',
      '<p>Contact us through the Support Center. If a question about a draw is not resolved with us, you may contact the trade promotions regulator of your state or territory.</p>',
      '<p>Images may be subject to copyright and are illustrative only. Giveaways are not affiliated with, endorsed or sponsored by any sporting body.</p>',
    ].join(''),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    // Issue 24: the section on deleting an account is the settings page's and the staff dialog's own words (@roar/contracts/erasure).
    content: PRIVACY_BEFORE_ISSUE_24 + erasurePolicyHtml(),
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
