import { PARTNER_CATEGORIES, PARTNER_CATEGORY_TITLES } from '@roar/contracts/rewards';

/** The contract's partner categories with their titles, and the statuses and redeem methods as staff read them. */
export const CATEGORY_CHOICES = PARTNER_CATEGORIES.map((id) => ({ id, name: PARTNER_CATEGORY_TITLES[id] }));
export const STATUS_CHOICES = [
  { id: 'draft', name: 'Draft' },
  { id: 'published', name: 'Published' },
  { id: 'archived', name: 'Archived' },
];
export const REDEEM_CHOICES = [
  { id: 'code', name: 'A code' },
  { id: 'link', name: 'A link' },
  { id: 'card', name: 'Member card on screen' },
];
