import { z } from 'zod';
import { auStateSchema, reasonSchema } from './common';

/**
 * Compliance rules and permits (issue 22). Every number a law or regulator sets is data: a value,
 * the club day it takes effect and the source it was read from. Jurisdiction rules are per state or
 * territory; national rules apply everywhere.
 */
const clubDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');
const source = z.string().trim().min(3).max(1000);

/** A state's trade-promotion permit rule: a permit is needed when a draw's total prize value is ABOVE the threshold. */
export const jurisdictionRuleSchema = z
  .object({
    jurisdiction: auStateSchema,
    /** Cents; null when the state needs no permit for trade promotions. */
    permit_threshold_cents: z.number().int().min(0).max(10_000_000_000).nullable(),
    /** Business days between the permit's lodgement and the promotion's start; null when none. */
    lead_time_business_days: z.number().int().min(0).max(365).nullable(),
    /** A winner resident here may ask not to be named on the published results (absent: no). */
    winner_publication_opt_out: z.boolean().optional(),
    effective_from: clubDate,
    source,
  })
  .strict();
export type JurisdictionRule = z.infer<typeof jurisdictionRuleSchema>;

export const NATIONAL_RULE_KEYS = [
  'entryMinimumAge',
  'unclaimedRedrawMinMonths',
  'recordsRetentionYears',
  'winnersPublicationDays',
  // Issue 23: the member controls' code-of-practice numbers, edited with the rest.
  'selfExclusionMinMonths',
  'limitRaiseDelayHours',
] as const;
export const nationalRuleKeySchema = z.enum(NATIONAL_RULE_KEYS);
export type NationalRuleKey = z.infer<typeof nationalRuleKeySchema>;

export const nationalRuleSchema = z
  .object({
    key: nationalRuleKeySchema,
    value: z.number().int().min(0).max(10_000),
    effective_from: clubDate,
    source,
  })
  .strict();
export type NationalRule = z.infer<typeof nationalRuleSchema>;

/** What an admin sends to set one rule (a new effective-dated value; history is kept as events). */
export const setJurisdictionRuleBodySchema = jurisdictionRuleSchema.extend({ reason: reasonSchema }).strict();
export const setNationalRuleBodySchema = nationalRuleSchema.extend({ reason: reasonSchema }).strict();

/** A permit (NSW authority, SA licence, ACT/NT permit) as staff register it. */
export const permitFieldsSchema = z
  .object({
    jurisdiction: auStateSchema,
    number: z.string().trim().min(1).max(100),
    holder: z.string().trim().min(1).max(200),
    valid_from: clubDate,
    valid_to: clubDate,
    conditions: z.string().max(5000),
    /** Storage key of the permit's document (uploaded through the storage port), or null. */
    document: z.string().max(500).nullable(),
  })
  .strict();
export type PermitFields = z.infer<typeof permitFieldsSchema>;

export const permitSchema = permitFieldsSchema.extend({ id: z.string().min(1).max(200) }).strict();
export type Permit = z.infer<typeof permitSchema>;

/** The permit a close relied on, as EntriesClosed records it. */
export const reliedPermitSchema = z
  .object({ jurisdiction: auStateSchema, number: z.string().min(1).max(100), valid_from: clubDate, valid_to: clubDate })
  .strict();
export type ReliedPermit = z.infer<typeof reliedPermitSchema>;

/** What an admin sends to register a permit (POST /api/admin/permits). */
export const createPermitBodySchema = permitFieldsSchema.extend({ reason: reasonSchema }).strict();
/** What an admin sends to edit a permit: any of its fields, with a reason. */
export const updatePermitBodySchema = permitFieldsSchema.partial().extend({ reason: reasonSchema }).strict();

/** Every rule value ever set (history, in order) and the rows in force on today's club day. */
export const complianceRulesAnswerSchema = z
  .object({
    jurisdictions: z.array(jurisdictionRuleSchema),
    national: z.array(nationalRuleSchema),
    in_force: z.object({ jurisdictions: z.array(jurisdictionRuleSchema), national: z.array(nationalRuleSchema) }).strict(),
  })
  .strict();
export type ComplianceRulesAnswer = z.infer<typeof complianceRulesAnswerSchema>;

/** A private compliance document (permit, winner's identity) stored through the storage port: the key the record keeps. */
export const uploadedDocumentSchema = z.object({ key: z.string().min(1).max(500), content_type: z.string(), bytes: z.number().int() }).strict();
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;
