/** Mirrors the domain's PARTNER_CATEGORIES and statuses (services/domain/src/rewards/events.ts). */
export const CATEGORY_CHOICES = [
  { id: 'tickets-and-gear', name: 'Sports and music tickets and gear' },
  { id: 'groceries-fuel-booze', name: 'Groceries, fuel and booze' },
  { id: 'green-fees', name: 'Green fees' },
];
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
