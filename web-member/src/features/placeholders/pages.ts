import type { PlaceholderProps } from './placeholder-page';

/** Pages of later releases (pro shop, orders, clubhouse), keyed by route name (see config/paths.ts). */
export const PLACEHOLDERS = {
  proShop: { title: 'Pro Shop', heading: 'ROAR Store', line: 'The members-only pro shop: gear and merchandise at member prices.' },
  product: { title: 'Product', heading: 'Product', line: 'A pro shop product with its sizes, price and delivery options.' },
  cart: { title: 'Cart', heading: 'Your Cart', line: 'The items you picked, delivery, coupon and totals.' },
  checkout: { title: 'Checkout', heading: 'Checkout', line: 'Shipping and billing details, then secure payment.' },
  checkoutFailed: { title: 'Checkout Failed', heading: 'Payment did not go through', line: 'Your order was not placed and you were not charged.' },
  checkoutSuccess: { title: 'Order Placed', heading: 'Thank you for your order', line: 'Your order confirmation and what happens next.' },
  orders: { title: 'Orders', heading: 'Orders', line: 'Your pro shop orders and their delivery status.', backToDashboard: true },
  order: { title: 'Order', heading: 'Order', line: 'The items, totals and delivery of one order.', backToDashboard: true },
  clubhouse: { title: 'Clubhouse', heading: 'Clubhouse', line: 'Your official handicap, scorecards and green-fee cashback.', backToDashboard: true },
  clubhouseRequest: { title: 'Request a Handicap', heading: 'Request a Handicap', line: 'Apply for a new official golf handicap.', backToDashboard: true },
  clubhouseTransfer: { title: 'Transfer a Handicap', heading: 'Transfer your Handicap', line: 'Move an existing handicap from your previous club.', backToDashboard: true },
  scorecards: { title: 'Scorecards', heading: 'Scorecards', line: 'The rounds you submitted for your handicap.', backToDashboard: true },
  scorecardSubmit: { title: 'Submit Scorecard', heading: 'Submit a Scorecard', line: 'Enter the scores of a round you played.', backToDashboard: true },
  cashback: { title: 'Cashback', heading: 'Green-fee Cashback', line: 'Claim up to $20 cashback on one round of golf a month.', backToDashboard: true },
  handicapInfo: { title: 'Handicap', heading: 'Handicap', line: 'Your official handicap details.' },
} as const satisfies Record<string, PlaceholderProps>;

export type PlaceholderName = keyof typeof PLACEHOLDERS;
