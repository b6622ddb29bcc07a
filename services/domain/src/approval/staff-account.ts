import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { text } from '../primitives';

/**
 * What happens to a staff account's security, for the log: two-factor enrolled or removed, a
 * recovery code spent, a role changed. Never the TOTP secret or a recovery code: those live in
 * the auth module's tables (ARCHITECTURE.md: no secret in the event log).
 */
const staffId = z.string().min(1).max(200);
const roleSchema = z.enum(['admin', 'staff', 'auditor']);
export const StaffTwoFactorEnrolled = defineEvent(
  'StaffTwoFactorEnrolled',
  z.object({ staffId, method: z.literal('totp'), recoveryCodes: z.number().int().min(0).max(100) }).strict(),
);
export const StaffTwoFactorRemoved = defineEvent('StaffTwoFactorRemoved', z.object({ staffId, reason: text().trim().min(1).max(1000) }).strict());
export const StaffRecoveryCodeUsed = defineEvent(
  'StaffRecoveryCodeUsed',
  z.object({ staffId, remaining: z.number().int().min(0).max(100) }).strict(),
);
export const StaffRoleChanged = defineEvent('StaffRoleChanged', z.object({ staffId, from: roleSchema, to: roleSchema }).strict());
export const staffAccountEvents = [StaffTwoFactorEnrolled, StaffTwoFactorRemoved, StaffRecoveryCodeUsed, StaffRoleChanged] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type StaffAccountEvent =
  Ev<typeof StaffTwoFactorEnrolled> | Ev<typeof StaffTwoFactorRemoved> | Ev<typeof StaffRecoveryCodeUsed> | Ev<typeof StaffRoleChanged>;

export function staffAccountStreamId(staffId: string): string {
  return `staff-${staffId}`;
}

export function staffRoleChangeSummary(name: string, from: string, to: string): string {
  return `Change ${name}'s role from ${from} to ${to}`;
}
