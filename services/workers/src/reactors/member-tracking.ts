import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import type { TrackedEvent } from '../tracking/events';
import type { TrackingJob } from '../tracking/tracking-job';
import { checkoutStarted, memberFactsAt, membershipActivated } from './member-history';
import { jobIdFor, type Reactor } from './reactor';

const dollars = (cents: number): number => cents / 100;

/** Which tracked event (spec 7) a member event is, with its custom data; null for none. */
function tracked(event: RecordedEvent): { name: TrackedEvent; customData?: Record<string, unknown> } | null {
  switch (event.type) {
    case 'MemberRegistered':
      return { name: 'registration_completed' };
    case 'MembershipActivated': {
      const d = membershipActivated.parse(event.data);
      // Free plans activate too; only a paid activation is a subscription for the ad platform.
      if (!d.paymentId) return null;
      return { name: 'subscribed', customData: { value: dollars(d.tier.price_cents), currency: 'AUD', content_name: d.tier.tier } };
    }
    case 'MembershipCheckoutStarted': {
      const d = checkoutStarted.parse(event.data);
      return { name: 'checkout_initiated', customData: { value: dollars(d.amount_cents), currency: 'AUD', content_name: d.tier.tier } };
    }
    case 'MembershipCancelled':
      return { name: 'membership_cancelled' };
    default:
      return null;
  }
}

/** Server-side conversions for the ad platform, keyed by the event id so a redelivery is one job. */
export const memberTracking: Reactor = {
  name: 'member-tracking',
  handles: ['MemberRegistered', 'MembershipActivated', 'MembershipCheckoutStarted', 'MembershipCancelled'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const t = tracked(event);
    if (!t) return [];
    const facts = await memberFactsAt(event, ctx);
    const memberId = event.streamId.replace(/^member-/, '');
    const job: TrackingJob = {
      event: t.name,
      eventId: event.id,
      eventTime: Math.floor(new Date(event.metadata.occurredAt).getTime() / 1000),
      user: { userId: memberId, ...(facts.email ? { email: facts.email } : {}) },
      ...(t.customData ? { customData: t.customData } : {}),
    };
    return [{ queue: 'tracking', jobId: jobIdFor(event, 'tracking'), data: job }];
  },
};
