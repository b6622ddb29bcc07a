import { describe, expect, it } from 'vitest';
import { approvalDecider, NOT_WAITING, SELF_APPROVAL, SELF_DECLINE, type ApprovalCommand } from './decider';
import type { ApprovalEvent } from './events';
import { DEFAULT_STAFF_SECURITY, staffSecuritySettingsDecider, type StaffSecuritySettingsEvent } from './settings';

const approvalId = '5d1c3a7e-6f3e-4a53-9d0b-3f5b7f6c2a10';
const action = { kind: 'draw.run', params: { prizeId: 'p1' }, summary: 'Draw a winner for the Masters trip' };
const requested: ApprovalEvent = { type: 'ApprovalRequested', data: { approvalId, action, requestedBy: 'ann', reason: 'Entries closed at noon' } };
const granted: ApprovalEvent = { type: 'ApprovalGranted', data: { approvalId, approvedBy: 'bob' } };

function given(events: ApprovalEvent[]) {
  const state = events.reduce(approvalDecider.evolve, approvalDecider.initialState);
  return { when: (command: ApprovalCommand) => () => approvalDecider.decide(command, state) };
}

describe('four-eyes approval', () => {
  it('records a request with its reason and the staff user who asked', () => {
    expect(given([]).when({ type: 'RequestApproval', approvalId, action, requestedBy: 'ann', reason: ' Entries closed at noon ' })()).toEqual([requested]);
    expect(given([]).when({ type: 'RequestApproval', approvalId, action, requestedBy: 'ann', reason: '  ' })).toThrow('Give a reason.');
  });

  it('is approved by a different staff user, never by the one who asked', () => {
    expect(given([requested]).when({ type: 'ApproveRequest', by: 'bob' })()).toEqual([granted]);
    expect(given([requested]).when({ type: 'ApproveRequest', by: 'ann' })).toThrow(SELF_APPROVAL);
    expect(given([requested]).when({ type: 'DeclineRequest', by: 'ann', reason: 'changed my mind' })).toThrow(SELF_DECLINE);
  });

  it('is decided once: a declined or approved request cannot be decided again', () => {
    const declined: ApprovalEvent = { type: 'ApprovalDeclined', data: { approvalId, declinedBy: 'bob', reason: 'Not yet' } };
    expect(given([requested]).when({ type: 'DeclineRequest', by: 'bob', reason: ' Not yet ' })()).toEqual([declined]);
    expect(given([requested, declined]).when({ type: 'ApproveRequest', by: 'cat' })).toThrow(NOT_WAITING);
    expect(given([requested, granted]).when({ type: 'DeclineRequest', by: 'cat', reason: 'no' })).toThrow(NOT_WAITING);
    expect(given([requested, declined]).when({ type: 'RecordOutcome', ok: true, outcome: 'done' })).toThrow(NOT_WAITING);
  });

  it('records the outcome of an approved request once, and never of one still waiting', () => {
    expect(given([requested]).when({ type: 'RecordOutcome', ok: true, outcome: 'done' })).toThrow('This request is not approved yet.');
    const done: ApprovalEvent = { type: 'ApprovedActionCarriedOut', data: { approvalId, outcome: 'Winner drawn' } };
    expect(given([requested, granted]).when({ type: 'RecordOutcome', ok: true, outcome: 'Winner drawn' })()).toEqual([done]);
    expect(given([requested, granted]).when({ type: 'RecordOutcome', ok: false, error: 'Close the entries first.' })()).toEqual([
      { type: 'ApprovedActionFailed', data: { approvalId, error: 'Close the entries first.' } },
    ]);
    expect(given([requested, granted, done]).when({ type: 'RecordOutcome', ok: true, outcome: 'again' })).toThrow(NOT_WAITING);
  });
});

describe('staff security settings', () => {
  const fold = (events: StaffSecuritySettingsEvent[]) => events.reduce(staffSecuritySettingsDecider.evolve, staffSecuritySettingsDecider.initialState);
  it('starts with four-eyes on and two-factor for admins', () => {
    expect(fold([])).toEqual(DEFAULT_STAFF_SECURITY);
    expect(DEFAULT_STAFF_SECURITY.fourEyes).toBe(true);
  });
  it('logs switching four-eyes off with its reason, and nothing when it is already so', () => {
    const off: StaffSecuritySettingsEvent = { type: 'FourEyesSwitched', data: { on: false, reason: 'We have one admin' } };
    expect(staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: 'We have one admin' }, fold([]))).toEqual([off]);
    expect(staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: 'again' }, fold([off]))).toEqual([]);
    expect(() => staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: ' ' }, fold([]))).toThrow('Give a reason for this change.');
    expect(fold([off]).fourEyes).toBe(false);
  });
  it('sets thresholds and the two-factor scope', () => {
    const state = fold([
      { type: 'ApprovalThresholdsSet', data: { refundAboveCents: 5000, entryAdjustmentAbove: 10, reason: 'r' } },
      { type: 'StaffTwoFactorScopeSet', data: { requiredFor: 'all-staff', reason: 'r' } },
    ]);
    expect(state).toEqual({ fourEyes: true, refundAboveCents: 5000, entryAdjustmentAbove: 10, twoFactorRequiredFor: 'all-staff' });
  });
});
