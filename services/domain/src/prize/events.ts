import { z } from 'zod';
import { prizeFieldsSchema as prizeWireFieldsSchema } from '@roar/contracts/prizes';
import { reliedPermitSchema } from '@roar/contracts/compliance';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { isoDate, isoDateTime } from '../primitives';
import { richText } from '../html';
import { auStateSchema } from '../member/events';
import { isEntryLines } from '../draw/entry-list';

const id = z.string().min(1).max(200);
const instant = isoDateTime();
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const hexString = z.string().regex(/^(?:[0-9a-f]{2}){1,512}$/);
const reason = z.string().min(1).max(1000);

export { prizeTypeSchema, prizeStatusSchema, type PrizeType, type PrizeStatus } from '@roar/contracts/prizes';

/** Every field of spec section 3's Prize/giveaway (the contract's), with a sanitised description and a storable closing instant. */
export const prizeFieldsSchema = prizeWireFieldsSchema.extend({ description: richText({ max: 20_000 }), prize_end_date: instant }).strict();
export type PrizeFields = z.infer<typeof prizeFieldsSchema>;

/** A prize's portrait and secondary images, all left empty (the consoles fall back to the hero or their default picture). */
export const NO_SECONDARY_PRIZE_IMAGES = {
  hero_image_portrait: null,
  secondary_image_1: null,
  secondary_image_2: null,
  secondary_image_3: null,
  secondary_image_1_portrait: null,
  secondary_image_2_portrait: null,
  secondary_image_3_portrait: null,
} as const satisfies Partial<PrizeFields>;

/**
 * A page of the frozen list as its canonical lines (`<entrant id>\t<tickets>\n` per entrant, the
 * bytes the list hash covers): one string per page rather than 2,000 JSON pairs, so appending,
 * storing, reading and checking a 100,000-entrant list costs a few long strings, not 200,000
 * JSON values. Checked line by line (isEntryLines), at most 5000 entrants a page.
 */
const entryListLines = z.custom<string>((v) => typeof v === 'string' && isEntryLines(v, 5000), {
  message: 'Entry lines are `<id of 1 to 128 printable characters>\t<tickets above 0>\n`, at most 5000 a page.',
});
/**
 * Version 1 held the page as `entrants: [id, tickets][]`; the same rows as canonical lines. A row
 * that is not a pair becomes a line the check refuses, so an odd stored page still fails to decode.
 */
function entryListV1ToV2(old: unknown): unknown {
  if (typeof old !== 'object' || old === null || !('entrants' in old) || !Array.isArray(old.entrants)) return old;
  const { entrants, ...rest } = old as { entrants: unknown[] };
  const lines = entrants.map((row) => (Array.isArray(row) && row.length === 2 ? `${String(row[0])}\t${String(row[1])}\n` : '\u0000\n')).join('');
  return { ...rest, lines };
}
const drawnTicket = z.object({ k: z.number().int().min(0), ticket: z.number().int().min(0), entrantId: z.string().min(1).max(128) }).strict();

export const PrizeCreated = defineEvent('PrizeCreated', z.object({ prizeId: id, fields: prizeFieldsSchema }).strict());
export const PrizeUpdated = defineEvent('PrizeUpdated', z.object({ prizeId: id, changes: prizeFieldsSchema.partial() }).strict());
export const PrizePublished = defineEvent('PrizePublished', z.object({ prizeId: id }).strict());
export const PrizeArchived = defineEvent('PrizeArchived', z.object({ prizeId: id }).strict());
/**
 * Commit-reveal: only the SHA-256 of the secret is recorded here, before any entry list exists.
 * The secret itself waits in the draw module's own table (draw.secrets) until the reveal.
 */
export const DrawScheduled = defineEvent(
  'DrawScheduled',
  z
    .object({
      prizeId: id,
      method: z.enum(['commit-reveal', 'beacon']),
      commitment: hex64,
      /** The beacon and round chosen in advance (method beacon); null for commit-reveal. */
      beacon: z
        .object({
          name: z.string().min(1).max(100),
          round: z.number().int().positive(),
          /** drand: where the round is fetched and the chain's public parameters, to re-check it offline. */
          url: z.string().max(500).optional(),
          chainHash: hexString.optional(),
          publicKey: hexString.optional(),
          scheme: z.string().min(1).max(100).optional(),
          genesisTime: z.number().int().min(0).optional(),
          period: z.number().int().positive().optional(),
        })
        .strict()
        .nullable(),
      closesAt: instant,
      /**
       * Redraws (issue 22): the end of a SHA-256 hash chain over a fresh secret, committed here before
       * the list exists. Redraw n reveals the chain's link whose SHA-256 is the previous reveal (the
       * commitment for the first), so each redraw's randomness is fresh and was committed before the close.
       */
      redrawCommitment: hex64.optional(),
      /** How many redraws the chain holds. */
      redrawChainLength: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
);
/** One page of the frozen list, appended with EntriesClosed: the list itself is in the log. */
export const EntryListRecorded = defineEvent(
  'EntryListRecorded',
  z.object({ prizeId: id, page: z.number().int().min(0), lines: entryListLines }).strict(),
  { schemaVersion: 2, upcasters: { 1: entryListV1ToV2 } },
);
export const EntriesClosed = defineEvent(
  'EntriesClosed',
  z
    .object({
      prizeId: id,
      listHash: hex64,
      entrantCount: z.number().int().min(0),
      totalTickets: z.number().int().min(0),
      pages: z.number().int().min(0),
      /** Events at or before this event-log position (and occurred at or before asOf) were read. */
      cutoffPosition: z.string().regex(/^-?\d+\/-?\d+$/),
      asOf: instant,
      eligibilityRuleVersion: z.number().int().positive(),
      /** Rule 2 (issue 22): the states the draw was open in at the close. */
      openStates: z.array(auStateSchema).max(8).optional(),
      /** Rule 2: the permits the close relied on, per open state that needed one. */
      permits: z.array(reliedPermitSchema).max(8).optional(),
      /** Rule 2: the minimum entry age in force at the close (compliance rule entryMinimumAge). */
      minimumAge: z.number().int().min(0).max(150).optional(),
      /** The version of the draw's terms (DrawTermsIssued) in force at the close, and its SHA-256. */
      termsVersion: z.number().int().min(1).optional(),
      termsSha256: hex64.optional(),
      /** Issue 24: the root of the entry tree (entry-tree.ts: one leaf per entrant) and its leaves; absent on older closes. */
      entryRoot: hex64.optional(),
      entryCount: z.number().int().min(0).optional(),
      /** Issue 24: the latest signed tree head of the sealed log the close saw, when sealing is on. */
      treeHead: z
        .object({ size: z.number().int().min(0), rootHash: hex64 })
        .strict()
        .optional(),
    })
    .strict(),
);
export const RandomnessRevealed = defineEvent(
  'RandomnessRevealed',
  z
    .object({
      prizeId: id,
      /** Hex of the revealed secret (or the beacon round's value). */
      randomness: z.string().regex(/^(?:[0-9a-f]{2}){32,256}$/),
      /** Key of the pseudonymous entrant ids, published with the reveal so the log alone rebuilds the list. */
      entrantSalt: z.string().regex(/^[0-9a-f]{32,128}$/),
      seed: hex64,
      /** Beacon draws: the round as published (its signature proves the randomness; no network needed to re-check). */
      beacon: z.object({ round: z.number().int().positive(), signature: hexString, previousSignature: hexString.nullable() }).strict().optional(),
    })
    .strict(),
);
export const WinnerDrawn = defineEvent(
  'WinnerDrawn',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      ticket: z.number().int().min(0),
      entrantId: z.string().min(1).max(128),
      /** The member, or all four members of a team (captain first). */
      memberIds: z.array(id).min(1).max(4),
      skipped: z.array(drawnTicket).max(100_000),
      nextK: z.number().int().min(1),
    })
    .strict(),
);
export const WinnerNotified = defineEvent(
  'WinnerNotified',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      memberIds: z.array(id).min(1).max(4),
      /** The end of the claim period (notified + the draw's claim period); absent on notices sent before claim periods. */
      claimBy: instant.optional(),
    })
    .strict(),
);
/** `state`: the state the winner gave when claiming (absent on claims recorded before it was asked). */
export const PrizeClaimed = defineEvent(
  'PrizeClaimed',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      memberId: id,
      state: auStateSchema.optional(),
      /** The winner asked not to be named on the winners page (where the law allows). */
      publicationOptOut: z.boolean().optional(),
      /** Where the prize goes (free text the winner confirmed at the claim). */
      delivery: z.string().min(1).max(1000).optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { delivery: 'text' } } },
);
/** Staff saw the winner's identity and age (who is in the event metadata and `verifiedBy`). */
export const ClaimVerified = defineEvent(
  'ClaimVerified',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      verifiedBy: id,
      identitySeen: z.literal(true),
      ageSeen: z.literal(true),
      /** A document kept through the storage port (its key), never the document itself. */
      documentKey: z.string().min(1).max(500).optional(),
    })
    .strict(),
);
/** The prize was handed over, with its evidence (a delivery note and/or a transfer reference). */
export const PrizeAwarded = defineEvent(
  'PrizeAwarded',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      awardedBy: id,
      deliveryNote: z.string().min(1).max(2000).optional(),
      transferReference: z.string().min(1).max(200).optional(),
      /** Issue 24: the winner (the captain of a team) the note is sealed under; absent on awards recorded before it. */
      memberId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { deliveryNote: 'text' } } },
);
/** The winner declined the prize: it is redrawn from `redrawOn`. */
export const PrizeDeclined = defineEvent('PrizeDeclined', z.object({ prizeId: id, k: z.number().int().min(0), by: id, redrawOn: instant }).strict());
/** The claim period ended without a claim: redrawn from `redrawOn` (at least the rule's months after the draw). */
export const PrizeUnclaimed = defineEvent(
  'PrizeUnclaimed',
  z.object({ prizeId: id, k: z.number().int().min(0), claimBy: instant, redrawOn: instant }).strict(),
);
export const WinnerRedrawn = defineEvent(
  'WinnerRedrawn',
  z
    .object({
      prizeId: id,
      previousK: z.number().int().min(0),
      previousEntrantId: z.string().min(1).max(128),
      reason,
      nextK: z.number().int().min(1),
      /** Redraws of draws scheduled with a redraw commitment: which redraw (1 for the first). */
      redraw: z.number().int().min(1).optional(),
      /** Its fresh randomness: the hash-chain link that opens the previous link (or DrawScheduled.redrawCommitment). */
      randomness: hex64.optional(),
      /** drawSeed(listHash, randomness, prizeId): the seed the redrawn winner is picked with. */
      seed: hex64.optional(),
    })
    .strict(),
);
export const ResultPublished = defineEvent(
  'ResultPublished',
  z
    .object({
      prizeId: id,
      k: z.number().int().min(0),
      display: z.string().min(1).max(60),
      /** Issue 24: the winner the display names (the captain of a team), its seal's subject; absent on results published before it. */
      memberId: id.optional(),
      /** The day (club time zone) the result was published: the winners page shows it. */
      publishedOn: isoDate().optional(),
      /** The last day the club's settings allowed (the close's day + publicationDays): the record shows whether it was on time. */
      publishBy: isoDate().optional(),
      /** The winner opted out where the rules allow it: the display names no one. */
      withheld: z.boolean().optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { display: 'name' } } },
);

/** The draw's terms as generated (prize/terms.ts), one version per change of the HTML; `sha256` is the HTML's hex SHA-256. */
export const DrawTermsIssued = defineEvent(
  'DrawTermsIssued',
  z.object({ prizeId: id, version: z.number().int().min(1), html: richText({ max: 100_000 }), sha256: hex64 }).strict(),
);

export const prizeEvents = [
  PrizeCreated,
  PrizeUpdated,
  PrizePublished,
  PrizeArchived,
  DrawScheduled,
  EntryListRecorded,
  EntriesClosed,
  RandomnessRevealed,
  WinnerDrawn,
  WinnerNotified,
  PrizeClaimed,
  WinnerRedrawn,
  ResultPublished,
  ClaimVerified,
  PrizeAwarded,
  PrizeDeclined,
  PrizeUnclaimed,
  DrawTermsIssued,
] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type PrizeCreatedEvent = Ev<typeof PrizeCreated>;
export type PrizeUpdatedEvent = Ev<typeof PrizeUpdated>;
export type PrizePublishedEvent = Ev<typeof PrizePublished>;
export type PrizeArchivedEvent = Ev<typeof PrizeArchived>;
export type DrawScheduledEvent = Ev<typeof DrawScheduled>;
export type EntryListRecordedEvent = Ev<typeof EntryListRecorded>;
export type EntriesClosedEvent = Ev<typeof EntriesClosed>;
export type RandomnessRevealedEvent = Ev<typeof RandomnessRevealed>;
export type WinnerDrawnEvent = Ev<typeof WinnerDrawn>;
export type WinnerNotifiedEvent = Ev<typeof WinnerNotified>;
export type PrizeClaimedEvent = Ev<typeof PrizeClaimed>;
export type WinnerRedrawnEvent = Ev<typeof WinnerRedrawn>;
export type ResultPublishedEvent = Ev<typeof ResultPublished>;
export type ClaimVerifiedEvent = Ev<typeof ClaimVerified>;
export type PrizeAwardedEvent = Ev<typeof PrizeAwarded>;
export type PrizeDeclinedEvent = Ev<typeof PrizeDeclined>;
export type PrizeUnclaimedEvent = Ev<typeof PrizeUnclaimed>;
export type DrawTermsIssuedEvent = Ev<typeof DrawTermsIssued>;
export type PrizeEvent =
  | PrizeCreatedEvent
  | PrizeUpdatedEvent
  | PrizePublishedEvent
  | PrizeArchivedEvent
  | DrawScheduledEvent
  | EntryListRecordedEvent
  | EntriesClosedEvent
  | RandomnessRevealedEvent
  | WinnerDrawnEvent
  | WinnerNotifiedEvent
  | PrizeClaimedEvent
  | WinnerRedrawnEvent
  | ResultPublishedEvent
  | ClaimVerifiedEvent
  | PrizeAwardedEvent
  | PrizeDeclinedEvent
  | PrizeUnclaimedEvent
  | DrawTermsIssuedEvent;

export const PRIZE_EVENT_TYPES: readonly string[] = prizeEvents.map((e) => e.type);

/** The prize and its draw share one stream (architecture: `draw-<prizeId>`). */
export const drawStreamId = (prizeId: string): string => `draw-${prizeId}`;

/** Entrants per EntryListRecorded page. */
export const ENTRY_LIST_PAGE_SIZE = 2000;
