import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../jobs/types';
import { adPlatformEventName, TRACKED_EVENT_NAMES } from './events';

export const trackingJobSchema = z
  .object({
    event: z.enum(TRACKED_EVENT_NAMES),
    /** Shared with the browser pixel so the ad platform counts the event once. */
    eventId: z.string().min(1).max(200),
    /** Unix seconds. */
    eventTime: z.number().int().positive(),
    sourceUrl: z.url().optional(),
    user: z
      .object({
        email: z.string().max(320).optional(),
        userId: z.string().max(200).optional(),
        fbp: z.string().max(500).optional(),
        fbc: z.string().max(500).optional(),
        clientIp: z.string().max(100).optional(),
        userAgent: z.string().max(1000).optional(),
      })
      .strict()
      .default({}),
    customData: z.record(z.string(), z.unknown()).optional(),
    testEventCode: z.string().max(100).optional(),
  })
  .strict();
export type TrackingJob = z.infer<typeof trackingJobSchema>;

export interface FacebookConfig {
  readonly pixelId: string;
  readonly accessToken: string;
  readonly testEventCode?: string;
  /** Defaults to https://graph.facebook.com/v19.0 (tests point it at a local server). */
  readonly graphUrl?: string;
}

// The Conversions API wants personal data normalised then SHA-256 hashed; browser ids go as-is.
const sha256 = (value: string): string => createHash('sha256').update(value.trim().toLowerCase()).digest('hex');

export function conversionsApiBody(job: TrackingJob, config: FacebookConfig): Record<string, unknown> {
  const u = job.user;
  const userData: Record<string, unknown> = {};
  if (u.email) userData.em = [sha256(u.email)];
  if (u.userId) userData.external_id = [sha256(u.userId)];
  if (u.fbp) userData.fbp = u.fbp;
  if (u.fbc) userData.fbc = u.fbc;
  if (u.clientIp) userData.client_ip_address = u.clientIp;
  if (u.userAgent) userData.client_user_agent = u.userAgent;
  const testEventCode = job.testEventCode ?? config.testEventCode;
  return {
    data: [
      {
        event_name: adPlatformEventName(job.event),
        event_time: job.eventTime,
        event_id: job.eventId,
        action_source: 'website',
        ...(job.sourceUrl ? { event_source_url: job.sourceUrl } : {}),
        user_data: userData,
        custom_data: job.customData ?? {},
      },
    ],
    access_token: config.accessToken,
    ...(testEventCode ? { test_event_code: testEventCode } : {}),
  };
}

/** Sends one event to Meta's Conversions API, or logs what it would send when none is configured. */
export function createTrackingHandler(config: FacebookConfig | undefined, timeoutMs: number): JobHandler<TrackingJob> {
  return {
    queue: 'tracking',
    schema: trackingJobSchema,
    async run(job, ctx) {
      if (!config) {
        const body = conversionsApiBody(job, { pixelId: '(none)', accessToken: '(none)' });
        ctx.logger.info({ wouldSend: { ...body, access_token: undefined } }, 'tracking not configured; logged instead of sent');
        return;
      }
      const base = config.graphUrl ?? 'https://graph.facebook.com/v19.0';
      const response = await fetch(`${base}/${encodeURIComponent(config.pixelId)}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(conversionsApiBody(job, config)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = await response.text();
      if (response.ok) {
        ctx.logger.info({ status: response.status, event: job.event }, 'conversion sent');
        return;
      }
      const message = `Conversions API answered ${response.status}: ${answer.slice(0, 500)}`;
      // A bad token or payload will not get better by retrying; throttling and outages may.
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) throw new PermanentJobError(message);
      throw new Error(message);
    },
  };
}
