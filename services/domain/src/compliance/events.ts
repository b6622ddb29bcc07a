import { z } from 'zod';
import { jurisdictionRuleSchema, nationalRuleSchema, permitFieldsSchema } from '@roar/contracts/compliance';
import { defineEvent, type DomainEvent } from '@roar/platform';

const id = z.string().min(1).max(200);
const reason = z.string().min(1).max(1000);

/** One stream holds the club's compliance rules: every value set (seed or admin) is an event, so the history is the stream. */
export const COMPLIANCE_RULES_STREAM = 'compliance-rules';
/** Each permit has its own stream. */
export const permitStreamId = (permitId: string): string => `permit-${permitId}`;

export const JurisdictionRuleSet = defineEvent(
  'JurisdictionRuleSet',
  z.object({ rule: jurisdictionRuleSchema, reason: reason.nullable(), seeded: z.boolean() }).strict(),
);
export const NationalRuleSet = defineEvent(
  'NationalRuleSet',
  z.object({ rule: nationalRuleSchema, reason: reason.nullable(), seeded: z.boolean() }).strict(),
);
export const PermitRegistered = defineEvent('PermitRegistered', z.object({ permitId: id, fields: permitFieldsSchema }).strict());
export const PermitUpdated = defineEvent('PermitUpdated', z.object({ permitId: id, changes: permitFieldsSchema.partial() }).strict());

export const complianceRuleEvents = [JurisdictionRuleSet, NationalRuleSet] as const;
export const permitEvents = [PermitRegistered, PermitUpdated] as const;

export type JurisdictionRuleSetEvent = DomainEvent<'JurisdictionRuleSet', z.infer<typeof JurisdictionRuleSet.schema>>;
export type NationalRuleSetEvent = DomainEvent<'NationalRuleSet', z.infer<typeof NationalRuleSet.schema>>;
export type ComplianceRuleEvent = JurisdictionRuleSetEvent | NationalRuleSetEvent;
export type PermitRegisteredEvent = DomainEvent<'PermitRegistered', z.infer<typeof PermitRegistered.schema>>;
export type PermitUpdatedEvent = DomainEvent<'PermitUpdated', z.infer<typeof PermitUpdated.schema>>;
export type PermitEvent = PermitRegisteredEvent | PermitUpdatedEvent;
