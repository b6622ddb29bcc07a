import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  courseDecider,
  courseStreamId,
  handicapDecider,
  handicapStreamId,
  type CourseEvent,
  type CourseState,
  type HandicapEvent,
  type HandicapState,
} from '@roar/domain';
import { fold, type EventStore } from '@roar/platform';
import { clubDay } from '@roar/contracts/time';

export async function handicapOf(store: EventStore, memberId: string): Promise<{ state: HandicapState; events: HandicapEvent[] }> {
  const events = (await store.readStream(handicapStreamId(memberId))).map((e) => ({ type: e.type, data: e.data }) as HandicapEvent);
  return { state: fold(handicapDecider, events), events };
}

export async function courseOf(store: EventStore, courseId: string): Promise<CourseState> {
  const events = (await store.readStream(courseStreamId(courseId))).map((e) => ({ type: e.type, data: e.data }) as CourseEvent);
  return fold(courseDecider, events);
}

/** Today's date in the club's time zone (Australia/Sydney), YYYY-MM-DD. */
export function sydneyDate(at: Date): string {
  return clubDay(at);
}

/** A marker has this long to attest before the card is flagged to staff. */
export const ATTEST_WITHIN_MS = 7 * 24 * 60 * 60_000;

/**
 * The attestation link's token for a marker without an account: an HMAC of the card id, so no
 * secret is written to the event log and nothing needs storing; the link works only for that card.
 */
export function attestToken(secret: string, scorecardId: string): string {
  return createHmac('sha256', secret).update(`attest:${scorecardId}`).digest('base64url').slice(0, 32);
}

export function validAttestToken(secret: string, scorecardId: string, token: string): boolean {
  const expected = Buffer.from(attestToken(secret, scorecardId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
