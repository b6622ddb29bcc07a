/**
 * Every route of spec section 2, in one place. `path` is the react-router pattern; `getHref`
 * builds a link (with its parameters) so no component concatenates URLs itself.
 * The names of the spec's shared route table (home, login, signUp, ... logout) are kept as-is.
 */
const fixed = <P extends string>(path: P) => ({ path, getHref: (): P => path }) as const;

/** Appends `?key=value` pairs, skipping empty values. */
const withQuery = (path: string, query: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '');
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
};

export const paths = {
  home: fixed('/'),
  memberDraws: fixed('/member-draws'),

  proShop: fixed('/pro-shop'),
  product: { path: '/pro-shop/product/:slug', getHref: (slug: string) => `/pro-shop/product/${encodeURIComponent(slug)}` },
  cart: fixed('/pro-shop/cart'),
  checkout: fixed('/pro-shop/checkout'),
  checkoutFailed: fixed('/pro-shop/checkout/failed'),
  checkoutSuccess: fixed('/pro-shop/checkout/success'),

  login: {
    path: '/login',
    getHref: (redirectTo?: string) => withQuery('/login', { redirectTo }),
  },
  signUp: {
    path: '/sign-up',
    getHref: (membershipId?: number | string, redirectTo?: string) => withQuery('/sign-up', { membership: membershipId, redirectTo }),
  },
  forgotPassword: fixed('/forgot-password'),
  changePassword: fixed('/change-password'),
  refer: { path: '/refer/*', getHref: (referralCode: string) => `/refer/${encodeURIComponent(referralCode)}` },

  howItWorks: fixed('/how-it-works'),
  upcomingGiveaways: fixed('/upcoming-giveaways'),
  benefits: fixed('/benefits'),
  membership: fixed('/membership'),
  aboutUs: fixed('/about-us'),
  teamPrizes: fixed('/team-prizes'),
  faq: fixed('/faq'),
  transparency: fixed('/transparency'),
  supportCenter: fixed('/support-center'),
  contactUs: fixed('/contact-us'),
  termsAndConditions: fixed('/terms-and-conditions'),
  privacyPolicy: fixed('/privacy-policy'),
  rewards: fixed('/rewards'),
  winners: fixed('/winners'),
  logout: fixed('/logout'),
  /** Issue 24: shown, signed out, once the member deleted their account. */
  accountDeleted: fixed('/account-deleted'),

  events: fixed('/events'),
  event: { path: '/events/:slug', getHref: (slug: string) => `/events/${encodeURIComponent(slug)}` },
  /** Issue 22: the draw's terms in force. */
  eventTerms: { path: '/events/:slug/terms', getHref: (slug: string) => `/events/${encodeURIComponent(slug)}/terms` },
  eventVerify: { path: '/events/:slug/verify', getHref: (slug: string) => `/events/${encodeURIComponent(slug)}/verify` },

  dashboard: fixed('/dashboard'),
  myDraws: fixed('/dashboard/my-draws'),
  /** Issue 22: a winner's claim (countdown, identity and delivery, or decline). */
  claimPrize: { path: '/dashboard/my-draws/:slug/claim', getHref: (slug: string) => `/dashboard/my-draws/${encodeURIComponent(slug)}/claim` },
  totalEntries: fixed('/dashboard/total-entries'),
  oneOffEntries: fixed('/dashboard/one-off-entries'),
  singleEntries: fixed('/dashboard/single-entries'),
  orders: fixed('/dashboard/orders'),
  order: { path: '/dashboard/orders/:id', getHref: (id: string | number) => `/dashboard/orders/${encodeURIComponent(String(id))}` },

  settings: fixed('/dashboard/settings'),
  // The profile is the settings index on desktop; the same URL shows the list page on mobile.
  profile: fixed('/dashboard/settings'),
  /** The profile on its own address too: on a phone or tablet /dashboard/settings is the list of settings pages. */
  profilePage: fixed('/dashboard/settings/profile'),
  passwordAndSecurity: fixed('/dashboard/settings/password-and-security'),
  paymentMethod: fixed('/dashboard/settings/payment-method'),
  membershipPlan: fixed('/dashboard/settings/membership-plan'),
  handicapInfo: fixed('/dashboard/settings/handicap'),
  limitsAndBreaks: fixed('/dashboard/settings/limits-and-breaks'),

  clubhouse: fixed('/dashboard/clubhouse'),
  clubhouseRequest: fixed('/dashboard/clubhouse/request'),
  clubhouseTransfer: fixed('/dashboard/clubhouse/transfer'),
  scorecards: fixed('/dashboard/clubhouse/scorecards'),
  scorecardSubmit: {
    path: '/dashboard/clubhouse/scorecards/submit/*',
    getHref: (id: string | number) => `/dashboard/clubhouse/scorecards/submit/${encodeURIComponent(String(id))}`,
  },
  cashback: fixed('/dashboard/clubhouse/cashback'),
  /** A marker without an account attests a card from the emailed link (?token=). */
  attestScore: {
    path: '/attest/:id',
    getHref: (id: string, token: string) => `/attest/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
  },
} as const;

export type PathName = keyof typeof paths;

/** Routes on which the public layout hides its header and footer (spec section 2, layout 2). */
export const BARE_ROUTES: readonly string[] = [paths.login.path, paths.signUp.path, paths.forgotPassword.path, paths.changePassword.path, '/refer'];

export const isBareRoute = (pathname: string): boolean => BARE_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
