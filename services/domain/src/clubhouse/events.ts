import { z } from 'zod';
import { defineEvent, type DomainEvent, type PersonalFieldSpec } from '@roar/platform';
import { isoDateTime, text } from '../primitives';

export const handicapStreamId = (memberId: string): string => `handicap-${memberId}`;

const id = text().min(1).max(200);
const instant = isoDateTime();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const tenth = z.number().min(-100).max(200);
export const GOLF_LINK_NUMBER = /^\d{10}$/;

/** The spec's Handicap record fields a member fills in; the staff-recorded ones come on approval. */
export const handicapApplicationSchema = z
  .object({
    type: z.enum(['create', 'transfer']),
    first_name: text().min(1).max(100),
    last_name: text().min(1).max(100),
    mobile: text().min(1).max(20),
    dob: isoDate,
    address: text().min(1).max(300),
    previous_golf_club: text().max(200).nullable(),
    previous_golf_link_number: z.string().regex(GOLF_LINK_NUMBER).nullable(),
    /** Playing golf since, YYYY-MM. */
    since: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .nullable(),
  })
  .strict();
export type HandicapApplication = z.infer<typeof handicapApplicationSchema>;

/** Personal fields (issue 24): what the member wrote about themselves in a handicap application. */
const applicationPersonal: PersonalFieldSpec = {
  subject: 'memberId',
  fields: {
    'application.first_name': 'name',
    'application.last_name': 'name',
    'application.mobile': 'text',
    'application.dob': 'date',
    'application.address': 'text',
    'application.previous_golf_club': 'text',
    'application.previous_golf_link_number': 'text',
  },
};
/** Text staff (or the member) wrote about this member's record: sealed with the member (see staffTextAboutMember). */
const reasonAboutMember: PersonalFieldSpec = { subject: 'memberId', fields: { reason: 'text' } };

export const HandicapRequestDrafted = defineEvent(
  'HandicapRequestDrafted',
  z.object({ requestId: id, memberId: id, application: handicapApplicationSchema, draftedAt: instant }).strict(),
  { personal: applicationPersonal },
);
export const HandicapRequestSubmitted = defineEvent(
  'HandicapRequestSubmitted',
  z
    .object({
      requestId: id,
      memberId: id,
      application: handicapApplicationSchema,
      /** The plan that made the member eligible, as it was at that moment. */
      membershipCode: text().min(1).max(100),
      submittedAt: instant,
    })
    .strict(),
  { personal: applicationPersonal },
);
export const HandicapRequestApproved = defineEvent(
  'HandicapRequestApproved',
  z
    .object({
      requestId: id,
      memberId: id,
      golfLinkNumber: z.string().regex(GOLF_LINK_NUMBER),
      officialHandicap: tenth,
      reason: text().max(1000),
      approvedAt: instant,
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { golfLinkNumber: 'text', reason: 'text' } } },
);
export const HandicapRequestRejected = defineEvent(
  'HandicapRequestRejected',
  z.object({ requestId: id, memberId: id, reason: text().min(1).max(1000), rejectedAt: instant }).strict(),
  { personal: reasonAboutMember },
);

/** The tee as the round was played on it: a later re-rating never changes this card. */
export const teeSnapshotSchema = z
  .object({
    courseId: id,
    courseName: text().min(1).max(200),
    teeId: id,
    teeName: text().min(1).max(100),
    holes: z.union([z.literal(9), z.literal(18)]),
    courseRating: tenth,
    slopeRating: z.number().int().min(55).max(155),
    pars: z.array(z.number().int().min(3).max(6)),
    strokeIndexes: z.array(z.number().int().min(1).max(18)),
    ratingVersion: z.number().int().min(1),
  })
  .strict();
export type TeeSnapshot = z.infer<typeof teeSnapshotSchema>;

export const markerSchema = z.object({ memberId: id.nullable(), email: z.email().max(254), name: text().max(200) }).strict();

export const ScorecardSubmitted = defineEvent(
  'ScorecardSubmitted',
  z
    .object({
      scorecardId: id,
      memberId: id,
      tee: teeSnapshotSchema,
      playedOn: isoDate,
      grossScores: z.array(z.number().int().min(1).max(29)),
      marker: markerSchema,
      attestBy: instant,
      submittedAt: instant,
    })
    .strict(),
  // The marker's email and name are what the member gave about someone else: sealed under the member's key.
  { personal: { subject: 'memberId', fields: { 'marker.email': 'email', 'marker.name': 'name' } } },
);
export const ScorecardAttested = defineEvent(
  'ScorecardAttested',
  z.object({ scorecardId: id, memberId: id, attestedBy: markerSchema, pcc: z.number().min(-1).max(3), attestedAt: instant }).strict(),
  // The marker the card's member named, as on ScorecardSubmitted: sealed under the card member's key.
  { personal: { subject: 'memberId', fields: { 'attestedBy.email': 'email', 'attestedBy.name': 'name' } } },
);
export const ScorecardCorrected = defineEvent(
  'ScorecardCorrected',
  z
    .object({
      scorecardId: id,
      memberId: id,
      grossScores: z.array(z.number().int().min(1).max(29)),
      previousGrossScores: z.array(z.number().int()),
      reason: text().min(1).max(1000),
      correctedAt: instant,
    })
    .strict(),
  { personal: reasonAboutMember },
);
export const ScorecardVoided = defineEvent(
  'ScorecardVoided',
  z.object({ scorecardId: id, memberId: id, reason: text().min(1).max(1000), voidedAt: instant }).strict(),
  { personal: reasonAboutMember },
);
export const ScorecardPccApplied = defineEvent(
  'ScorecardPccApplied',
  z
    .object({
      scorecardId: id,
      memberId: id,
      pcc: z.number().min(-1).max(3),
      previousPcc: z.number(),
      reason: text().min(1).max(1000),
      appliedAt: instant,
    })
    .strict(),
);

/** One counted score as the revision saw it: every input of the index, so "why" is answered from the event. */
export const revisionScoreSchema = z
  .object({
    scorecardId: id,
    playedOn: isoDate,
    adjustedGrossScore: z.number().int(),
    courseHandicap: z.number().int().nullable(),
    pcc: z.number(),
    differential: tenth,
    /** After every exceptional-score reduction applied so far. */
    adjustedDifferential: tenth,
    exceptionalReduction: z.number().int().min(-2).max(0),
    used: z.boolean(),
    /** A 9-hole card joined with this one (the earlier nine) into this 18-hole score. */
    pairedWith: id.nullable().optional(),
  })
  .strict();
export type RevisionScore = z.infer<typeof revisionScoreSchema>;

export const HandicapIndexRevised = defineEvent(
  'HandicapIndexRevised',
  z
    .object({
      memberId: id,
      revision: z.number().int().min(1),
      cause: z.object({ kind: z.enum(['attested', 'corrected', 'voided', 'pcc']), scorecardId: id }).strict(),
      scores: z.array(revisionScoreSchema),
      previousIndex: tenth.nullable(),
      handicapIndex: tenth.nullable(),
      lowHandicapIndex: tenth.nullable(),
      cap: z.enum(['none', 'soft', 'hard']),
      tableAdjustment: z.number(),
      /** The reduction the causing score itself brought (0, -1, -2). */
      exceptionalReduction: z.number().int().min(-2).max(0),
      ruleVersion: text().min(1).max(50),
      revisedAt: instant,
    })
    .strict(),
);

export const handicapEvents = [
  HandicapRequestDrafted,
  HandicapRequestSubmitted,
  HandicapRequestApproved,
  HandicapRequestRejected,
  ScorecardSubmitted,
  ScorecardAttested,
  ScorecardCorrected,
  ScorecardVoided,
  ScorecardPccApplied,
  HandicapIndexRevised,
] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type HandicapEvent =
  | Ev<typeof HandicapRequestDrafted>
  | Ev<typeof HandicapRequestSubmitted>
  | Ev<typeof HandicapRequestApproved>
  | Ev<typeof HandicapRequestRejected>
  | Ev<typeof ScorecardSubmitted>
  | Ev<typeof ScorecardAttested>
  | Ev<typeof ScorecardCorrected>
  | Ev<typeof ScorecardVoided>
  | Ev<typeof ScorecardPccApplied>
  | Ev<typeof HandicapIndexRevised>;
export type HandicapIndexRevisedData = z.infer<typeof HandicapIndexRevised.schema>;
