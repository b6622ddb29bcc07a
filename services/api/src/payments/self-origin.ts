/**
 * The local payment provider plays Stripe's hosted checkout on this same server. Its URLs are
 * written against this placeholder origin and resolved late: the member's own origin for the
 * checkout page, this process's listening address for webhooks (known only once it listens).
 */
export const SELF_ORIGIN = 'http://roar.self';
