/**
 * Product-wide constants the spec names (section 9) and the contact details the menus show.
 * Contact details come from the build environment so a deployment can set its own.
 */
export const PRODUCT_NAME = 'ROAR+';

export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@roarplus.com.au';
export const SUPPORT_PHONE: string = import.meta.env.VITE_SUPPORT_PHONE ?? '1300 762 775';
/** Optional: an embeddable URL of the intro video. Without it the block shows its poster. */
export const INTRO_VIDEO_URL: string | undefined = import.meta.env.VITE_INTRO_VIDEO_URL;

export const REQUEST_TIMEOUT_MS = 15_000;
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const AVATAR_MENU_HIDE_MS = 300;
export const LOGOUT_REDIRECT_MS = 100;
export const CAROUSEL_AUTOPLAY_MS = 5_000;

/** Breakpoints of spec section 2: mobile <= 640px, tablet 641-1180px, desktop > 1180px. */
export const BREAKPOINTS = { mobileMax: 640, tabletMax: 1180 } as const;

export interface SocialLink {
  readonly label: string;
  readonly href: string;
  readonly kind: 'video' | 'photo' | 'social';
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'YouTube', href: 'https://www.youtube.com/@roarplus', kind: 'video' },
  { label: 'Instagram', href: 'https://www.instagram.com/roarplus', kind: 'photo' },
  { label: 'Facebook', href: 'https://www.facebook.com/roarplus', kind: 'social' },
];
