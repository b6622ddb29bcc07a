/**
 * The product's tracked events (spec section 7) and what the ad platform calls them. Meta's
 * standard events where one fits, so its optimisation understands them; custom names otherwise.
 */
export const TRACKED_EVENTS = {
  subscribed: 'Subscribe',
  registration_completed: 'CompleteRegistration',
  checkout_initiated: 'InitiateCheckout',
  checkout_canceled: 'CheckoutCanceled',
  membership_cancelled: 'MembershipCancelled',
  trial_started: 'StartTrial',
  view_content: 'ViewContent',
  click_content: 'ClickContent',
  login: 'Login',
} as const satisfies Record<string, string>;

export type TrackedEvent = keyof typeof TRACKED_EVENTS;

export const TRACKED_EVENT_NAMES = Object.keys(TRACKED_EVENTS) as [TrackedEvent, ...TrackedEvent[]];

export const adPlatformEventName = (event: TrackedEvent): string => TRACKED_EVENTS[event];
