import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { TRACKED_EVENT_NAMES, type TrackedEvent } from '../tracking/events';
import type { TrackingJob } from '../tracking/tracking-job';
import { checkoutStarted, memberFactsAt, membershipActivated } from './member-history';
import { z } from 'zod';
import { joinReactors, jobIdFor, type ReactorPart } from './reactor';

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
export const membershipTracking: ReactorPart = {
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

const seconds = (iso: string): number => Math.floor(new Date(iso).getTime() / 1000);
const signedIn = z.looseObject({ memberId: z.string(), email: z.string(), clientIp: z.string().nullable(), userAgent: z.string().nullable() });
const browserEvent = z.looseObject({
  eventId: z.string(),
  eventName: z.enum(TRACKED_EVENT_NAMES),
  url: z.string(),
  customData: z.record(z.string(), z.unknown()),
  fbp: z.string().nullable(),
  testEventCode: z.string().nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** `login` for each sign-in (MemberSignedIn), with the address and browser it came from. */
export const loginTracking: ReactorPart = {
  handles: ['MemberSignedIn'],
  toJobs(event): JobRequest[] {
    const d = signedIn.parse(event.data);
    const job: TrackingJob = {
      event: 'login',
      eventId: event.id,
      eventTime: seconds(event.metadata.occurredAt),
      user: {
        userId: d.memberId,
        email: d.email,
        ...(d.clientIp ? { clientIp: d.clientIp } : {}),
        ...(d.userAgent ? { userAgent: d.userAgent } : {}),
      },
    };
    return [{ queue: 'tracking', jobId: jobIdFor(event, 'tracking'), data: job }];
  },
};

/** What the site's pages report (BrowserEventTracked), under the browser pixel's own event id. */
export const browserTracking: ReactorPart = {
  handles: ['BrowserEventTracked'],
  toJobs(event): JobRequest[] {
    const d = browserEvent.parse(event.data);
    const job: TrackingJob = {
      event: d.eventName,
      eventId: d.eventId,
      eventTime: seconds(event.metadata.occurredAt),
      sourceUrl: d.url,
      user: { ...(d.fbp ? { fbp: d.fbp } : {}), ...(d.clientIp ? { clientIp: d.clientIp } : {}), ...(d.userAgent ? { userAgent: d.userAgent } : {}) },
      customData: d.customData,
      ...(d.testEventCode ? { testEventCode: d.testEventCode } : {}),
    };
    return [{ queue: 'tracking', jobId: jobIdFor(event, 'tracking'), data: job }];
  },
};

/** Every tracking job, one checkpoint (`member-tracking`): see joinReactors. */
export const memberTracking = joinReactors('member-tracking', [membershipTracking, loginTracking, browserTracking]);
