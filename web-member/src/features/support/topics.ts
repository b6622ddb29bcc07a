import type { Faq, SupportTopic } from './api';

/** The support centre's topics; an FAQ belongs to each topic whose words it uses (the FAQ itself has no topic field). */
export const HELP_TOPICS: readonly {
  readonly id: SupportTopic;
  readonly title: string;
  readonly blurb: string;
  readonly words: readonly string[];
}[] = [
  {
    id: 'membership',
    title: 'Membership and billing',
    blurb: 'Plans, upgrades, cancelling and renewals.',
    words: ['membership', 'cancel', 'plan', 'subscription', 'renew'],
  },
  {
    id: 'draws',
    title: 'Draws and entries',
    blurb: 'Tickets, single entries, winners and how draws work.',
    words: ['entries', 'entry', 'draw', 'winner', 'ticket', 'giveaway', 'prize'],
  },
  {
    id: 'cashback',
    title: 'Cashback and rewards',
    blurb: 'Green-fee cashback and partner discounts.',
    words: ['cashback', 'green-fee', 'green fee', 'discount', 'partner', 'reward'],
  },
  {
    id: 'handicap',
    title: 'Handicap and scorecards',
    blurb: 'Requesting, transferring and scoring.',
    words: ['handicap', 'scorecard', 'golf link', 'marker'],
  },
  {
    id: 'shop',
    title: 'ROAR Store orders',
    blurb: 'Orders, delivery, gift cards and returns.',
    words: ['order', 'shop', 'store', 'delivery', 'gift card', 'refund'],
  },
  {
    id: 'payments',
    title: 'Payments and refunds',
    blurb: 'Cards, failed payments and refunds.',
    words: ['payment', 'card', 'refund', 'charge', 'paid'],
  },
];

const textOf = (f: Faq) => `${f.question} ${f.answer}`.toLowerCase();

export const faqsOfTopic = (faqs: readonly Faq[], topic: SupportTopic): Faq[] => {
  const words = HELP_TOPICS.find((t) => t.id === topic)?.words ?? [];
  return faqs.filter((f) => words.some((w) => textOf(f).includes(w)));
};

/** Every word of the query must appear in the question or the answer. */
export const searchFaqs = (faqs: readonly Faq[], query: string): Faq[] => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 ? [...faqs] : faqs.filter((f) => words.every((w) => textOf(f).includes(w)));
};
