import type { PlaceholderProps } from './placeholder-page';

/** Pages of later releases, keyed by route name (see config/paths.ts). */
export const PLACEHOLDERS = {
  memberDraws: { title: 'Member Draws', heading: 'Member Draws', line: 'The prize draws open to members: team, bonus, weekly, cash, event and experience draws.' },
  upcomingGiveaways: { title: 'Upcoming Giveaways', heading: 'Upcoming Giveaways', line: 'The next giveaways, their prizes and when each one closes.' },
  events: { title: 'Events', heading: 'Giveaways', line: 'Every current giveaway; open a card to see its prize and closing date.' },
  event: { title: 'Giveaway', heading: 'Giveaway', line: 'The prize, its value, the draw date and how to enter.' },
  winners: { title: 'Winners', heading: 'Winners', line: 'Our published winners and their stories.' },
  proShop: { title: 'Pro Shop', heading: 'ROAR Store', line: 'The members-only pro shop: gear and merchandise at member prices.' },
  product: { title: 'Product', heading: 'Product', line: 'A pro shop product with its sizes, price and delivery options.' },
  cart: { title: 'Cart', heading: 'Your Cart', line: 'The items you picked, delivery, coupon and totals.' },
  checkout: { title: 'Checkout', heading: 'Checkout', line: 'Shipping and billing details, then secure payment.' },
  checkoutFailed: { title: 'Checkout Failed', heading: 'Payment did not go through', line: 'Your order was not placed and you were not charged.' },
  checkoutSuccess: { title: 'Order Placed', heading: 'Thank you for your order', line: 'Your order confirmation and what happens next.' },
  refer: { title: 'Referral', heading: 'You have been invited to ROAR+', line: 'A friend invited you: join to earn bonus entries for both of you.' },
  forgotPassword: { title: 'Forgot Password', heading: 'Forgot your password?', line: 'Password reset by email opens with the member accounts release.' },
  changePassword: { title: 'Change Password', heading: 'Choose a new password', line: 'Setting a new password from a reset link opens with the member accounts release.' },
  dashboard: { title: 'Dashboard', heading: 'Dashboard', line: 'Your membership status, next giveaway and entries will appear here.' },
  myDraws: { title: 'My Draws', heading: 'My Draws', line: 'The draws you are in and their results.', backToDashboard: true },
  totalEntries: { title: 'Total Entries', heading: 'Total Entries', line: 'Every entry you hold and where it came from.', backToDashboard: true },
  oneOffEntries: { title: 'One-off Entries', heading: 'One-off Entries', line: 'Buy a single entry into a giveaway without a subscription.', backToDashboard: true },
  singleEntries: { title: 'Single Entries', heading: 'Single Entries', line: 'Your active and previous single entries.', backToDashboard: true },
  orders: { title: 'Orders', heading: 'Orders', line: 'Your pro shop orders and their delivery status.', backToDashboard: true },
  order: { title: 'Order', heading: 'Order', line: 'The items, totals and delivery of one order.', backToDashboard: true },
  clubhouse: { title: 'Clubhouse', heading: 'Clubhouse', line: 'Your official handicap, scorecards and green-fee cashback.', backToDashboard: true },
  clubhouseRequest: { title: 'Request a Handicap', heading: 'Request a Handicap', line: 'Apply for a new official golf handicap.', backToDashboard: true },
  clubhouseTransfer: { title: 'Transfer a Handicap', heading: 'Transfer your Handicap', line: 'Move an existing handicap from your previous club.', backToDashboard: true },
  scorecards: { title: 'Scorecards', heading: 'Scorecards', line: 'The rounds you submitted for your handicap.', backToDashboard: true },
  scorecardSubmit: { title: 'Submit Scorecard', heading: 'Submit a Scorecard', line: 'Enter the scores of a round you played.', backToDashboard: true },
  cashback: { title: 'Cashback', heading: 'Green-fee Cashback', line: 'Claim up to $20 cashback on one round of golf a month.', backToDashboard: true },
  profile: { title: 'Profile', heading: 'Profile', line: 'Your name, email and contact details.' },
  passwordAndSecurity: { title: 'Password & Security', heading: 'Password & Security', line: 'Change your password.' },
  paymentMethod: { title: 'Payment Method', heading: 'Payment Method', line: 'The card your membership is charged to.' },
  membershipPlan: { title: 'Membership Plan', heading: 'Membership Plan', line: 'Your plan, its renewal date, and upgrades.' },
  handicapInfo: { title: 'Handicap', heading: 'Handicap', line: 'Your official handicap details.' },
} as const satisfies Record<string, PlaceholderProps>;

export type PlaceholderName = keyof typeof PLACEHOLDERS;
