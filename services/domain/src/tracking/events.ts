import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';

/**
 * A browser event the site reports for the ad platform (`POST /api/track-event`), as the server
 * received it: the tracking reactor turns it into the Conversions API job. `eventId` is the id
 * the browser pixel shares; one stream per id, appended as new, so a browser's retry is one fact.
 */
export const BrowserEventTracked = defineEvent(
  'BrowserEventTracked',
  z
    .object({
      eventId: z.string().min(1).max(200),
      eventName: z.string().min(1).max(100),
      url: z.string().min(1).max(2000),
      customData: z.record(z.string(), z.unknown()),
      fbp: z.string().max(500).nullable(),
      testEventCode: z.string().max(100).nullable(),
      clientIp: z.string().max(100).nullable(),
      userAgent: z.string().max(1000).nullable(),
    })
    .strict(),
);
export const trackingEvents = [BrowserEventTracked] as const;
export type BrowserEventTrackedEvent = DomainEvent<'BrowserEventTracked', z.infer<typeof BrowserEventTracked.schema>>;
export const trackedEventStreamId = (eventId: string): string => `tracked-${eventId}`;
