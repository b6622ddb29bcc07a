import { z } from 'zod';
import { MAX_ADJUSTMENT_THRESHOLD, MAX_REFUND_THRESHOLD_CENTS, twoFactorScopeSchema, type TwoFactorScope } from '@roar/contracts/staff';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { text } from '../primitives';

/**
 * The club's staff security settings, one stream: four-eyes approval on or off, the thresholds
 * above which a refund or an entry adjustment needs a second staff user, and who must sign in
 * with a second factor. Admins change them with a reason; every change is an event.
 *
 * Defaults (no event yet): four-eyes ON, refunds above $100.00 and adjustments above 100 entries
 * need approval, two-factor required for admins. A fresh install has one admin: until a second
 * staff user exists its requests wait, and the dashboard says so; a club that truly has one admin
 * switches four-eyes off, which is logged and shown on the dashboard (docs/staff-security.md).
 */
export const STAFF_SECURITY_STREAM = 'staff-security-settings';
export { MAX_ADJUSTMENT_THRESHOLD, MAX_REFUND_THRESHOLD_CENTS, twoFactorScopeSchema, type TwoFactorScope };
const reason = text().trim().min(1).max(1000);

export const FourEyesSwitched = defineEvent('FourEyesSwitched', z.object({ on: z.boolean(), reason }).strict());
export const ApprovalThresholdsSet = defineEvent(
  'ApprovalThresholdsSet',
  z
    .object({
      refundAboveCents: z.number().int().min(0).max(MAX_REFUND_THRESHOLD_CENTS),
      entryAdjustmentAbove: z.number().int().min(0).max(MAX_ADJUSTMENT_THRESHOLD),
      reason,
    })
    .strict(),
);
export const StaffTwoFactorScopeSet = defineEvent('StaffTwoFactorScopeSet', z.object({ requiredFor: twoFactorScopeSchema, reason }).strict());
export const staffSecuritySettingsEvents = [FourEyesSwitched, ApprovalThresholdsSet, StaffTwoFactorScopeSet] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type StaffSecuritySettingsEvent = Ev<typeof FourEyesSwitched> | Ev<typeof ApprovalThresholdsSet> | Ev<typeof StaffTwoFactorScopeSet>;

export interface StaffSecuritySettings {
  readonly fourEyes: boolean;
  /** A refund of more than this many cents needs approval (0: every refund). */
  readonly refundAboveCents: number;
  /** An adjustment of more than this many entries, either way, needs approval (0: every one). */
  readonly entryAdjustmentAbove: number;
  readonly twoFactorRequiredFor: TwoFactorScope;
}

export const DEFAULT_STAFF_SECURITY: StaffSecuritySettings = {
  fourEyes: true,
  refundAboveCents: 10_000,
  entryAdjustmentAbove: 100,
  twoFactorRequiredFor: 'admins',
};

export type StaffSecuritySettingsCommand =
  | { readonly type: 'SwitchFourEyes'; readonly on: boolean; readonly reason: string }
  | { readonly type: 'SetApprovalThresholds'; readonly refundAboveCents: number; readonly entryAdjustmentAbove: number; readonly reason: string }
  | { readonly type: 'SetTwoFactorScope'; readonly requiredFor: TwoFactorScope; readonly reason: string };

export function decideStaffSecuritySettings(command: StaffSecuritySettingsCommand, state: StaffSecuritySettings): StaffSecuritySettingsEvent[] {
  const r = command.reason.trim();
  if (!r) throw new DomainError('invalid', 'Give a reason for this change.');
  switch (command.type) {
    case 'SwitchFourEyes':
      return state.fourEyes === command.on ? [] : [{ type: 'FourEyesSwitched', data: { on: command.on, reason: r } }];
    case 'SetApprovalThresholds':
      if (state.refundAboveCents === command.refundAboveCents && state.entryAdjustmentAbove === command.entryAdjustmentAbove) return [];
      return [
        {
          type: 'ApprovalThresholdsSet',
          data: { refundAboveCents: command.refundAboveCents, entryAdjustmentAbove: command.entryAdjustmentAbove, reason: r },
        },
      ];
    case 'SetTwoFactorScope':
      return state.twoFactorRequiredFor === command.requiredFor
        ? []
        : [{ type: 'StaffTwoFactorScopeSet', data: { requiredFor: command.requiredFor, reason: r } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveStaffSecuritySettings(state: StaffSecuritySettings, event: StaffSecuritySettingsEvent): StaffSecuritySettings {
  switch (event.type) {
    case 'FourEyesSwitched':
      return { ...state, fourEyes: event.data.on };
    case 'ApprovalThresholdsSet':
      return { ...state, refundAboveCents: event.data.refundAboveCents, entryAdjustmentAbove: event.data.entryAdjustmentAbove };
    case 'StaffTwoFactorScopeSet':
      return { ...state, twoFactorRequiredFor: event.data.requiredFor };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const staffSecuritySettingsDecider: Decider<StaffSecuritySettingsCommand, StaffSecuritySettingsEvent, StaffSecuritySettings> = {
  decide: decideStaffSecuritySettings,
  evolve: evolveStaffSecuritySettings,
  initialState: DEFAULT_STAFF_SECURITY,
};
