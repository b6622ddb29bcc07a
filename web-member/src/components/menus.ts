import { paths } from '../config/paths';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../config/site';

/** A menu entry (spec section 3); `hideFor` lists membership ids that must not see it. */
export interface MenuItem {
  readonly title: string;
  readonly url: string;
  readonly hideFor?: readonly number[];
}

export const PRINCIPAL_MENU: readonly MenuItem[] = [
  { title: 'Member Draws', url: paths.memberDraws.getHref() },
  { title: 'Rewards', url: paths.rewards.getHref() },
  { title: 'Membership', url: paths.membership.getHref() },
  { title: 'Winners', url: paths.winners.getHref() },
  { title: 'About Us', url: paths.aboutUs.getHref() },
];

export const FOOTER_MENU: readonly MenuItem[] = [
  { title: 'Home', url: paths.home.getHref() },
  { title: 'Draws', url: paths.memberDraws.getHref() },
  { title: 'Rewards', url: paths.rewards.getHref() },
  { title: 'Memberships', url: paths.membership.getHref() },
  { title: 'Winners', url: paths.winners.getHref() },
  { title: 'About Us', url: paths.aboutUs.getHref() },
  { title: 'Login', url: paths.login.getHref() },
];

export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

export const SECOND_FOOTER_MENU: readonly MenuItem[] = [
  { title: 'Terms & Conditions', url: paths.termsAndConditions.getHref() },
  { title: 'Privacy Policy', url: paths.privacyPolicy.getHref() },
  { title: SUPPORT_EMAIL, url: SUPPORT_MAILTO },
  { title: SUPPORT_PHONE, url: `tel:${SUPPORT_PHONE.replace(/\s+/g, '')}` },
];

export const SUPPORT_MENU: readonly MenuItem[] = [{ title: 'FAQ', url: paths.faq.getHref() }];

/** Avatar menu without Logout, which is an action rather than a link. */
export const AVATAR_MENU: readonly MenuItem[] = [
  { title: 'Orders', url: paths.orders.getHref() },
  { title: 'Settings', url: paths.settings.getHref() },
  { title: 'Get Support', url: SUPPORT_MAILTO },
];

export const visibleFor = (items: readonly MenuItem[], membershipId: number | null): MenuItem[] =>
  items.filter((item) => membershipId === null || !item.hideFor?.includes(membershipId));

/** External targets (mailto, tel, http) are plain anchors, not router links. */
export const isExternal = (url: string): boolean => /^(mailto:|tel:|https?:)/.test(url);
