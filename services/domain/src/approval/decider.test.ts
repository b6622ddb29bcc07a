import { describe, expect, it } from 'vitest';
import { approvalDecider, NOT_WAITING, SELF_APPROVAL, SELF_DECLINE } from './decider';
import type { ApprovalEvent } from './events';
import { DEFAULT_STAFF_SECURITY, staffSecuritySettingsDecider, type StaffSecuritySettingsEvent } from './settings';
import { DeciderSpecification } from '@roar/platform/testing';

const approvalId = '5d1c3a7e-6f3e-4a53-9d0b-3f5b7f6c2a10';
const action = { kind: 'draw.run', params: { prizeId: 'p1' }, summary: 'Draw a winner for the Masters trip' };
const requested: ApprovalEvent = { type: 'ApprovalRequested', data: { approvalId, action, requestedBy: 'ann', reason: 'Entries closed at noon' } };
const granted: ApprovalEvent = { type: 'ApprovalGranted', data: { approvalId, approvedBy: 'bob' } };

const given = DeciderSpecification.for(approvalDecider);

describe('four-eyes approval', () => {
  it('records a request with its reason and the staff user who asked', () => {
    given([]).when({ type: 'RequestApproval', approvalId, action, requestedBy: 'ann', reason: ' Entries closed at noon ' }).then([requested]);
    given([]).when({ type: 'RequestApproval', approvalId, action, requestedBy: 'ann', reason: '  ' }).thenThrows('Give a reason.');
  });

  it('is approved by a different staff user, never by the one who asked', () => {
    given([requested]).when({ type: 'ApproveRequest', by: 'bob' }).then([granted]);
    given([requested]).when({ type: 'ApproveRequest', by: 'ann' }).thenThrows(SELF_APPROVAL);
    given([requested]).when({ type: 'DeclineRequest', by: 'ann', reason: 'changed my mind' }).thenThrows(SELF_DECLINE);
  });

  it('is decided once: a declined or approved request cannot be decided again', () => {
    const declined: ApprovalEvent = { type: 'ApprovalDeclined', data: { approvalId, declinedBy: 'bob', reason: 'Not yet' } };
    given([requested]).when({ type: 'DeclineRequest', by: 'bob', reason: ' Not yet ' }).then([declined]);
    given([requested, declined]).when({ type: 'ApproveRequest', by: 'cat' }).thenThrows(NOT_WAITING);
    given([requested, granted]).when({ type: 'DeclineRequest', by: 'cat', reason: 'no' }).thenThrows(NOT_WAITING);
    given([requested, declined]).when({ type: 'RecordOutcome', ok: true, outcome: 'done' }).thenThrows(NOT_WAITING);
  });

  it('records the outcome of an approved request once, and never of one still waiting', () => {
    given([requested]).when({ type: 'RecordOutcome', ok: true, outcome: 'done' }).thenThrows('This request is not approved yet.');
    const done: ApprovalEvent = { type: 'ApprovedActionCarriedOut', data: { approvalId, outcome: 'Winner drawn' } };
    given([requested, granted]).when({ type: 'RecordOutcome', ok: true, outcome: 'Winner drawn' }).then([done]);
    given([requested, granted])
      .when({ type: 'RecordOutcome', ok: false, error: 'Close the entries first.' })
      .then([{ type: 'ApprovedActionFailed', data: { approvalId, error: 'Close the entries first.' } }]);
    given([requested, granted, done]).when({ type: 'RecordOutcome', ok: true, outcome: 'again' }).thenThrows(NOT_WAITING);
  });
});

describe('staff security settings', () => {
  const fold = (events: StaffSecuritySettingsEvent[]) =>
    events.reduce(staffSecuritySettingsDecider.evolve, staffSecuritySettingsDecider.initialState);
  it('starts with four-eyes on and two-factor for admins', () => {
    expect(fold([])).toEqual(DEFAULT_STAFF_SECURITY);
    expect(DEFAULT_STAFF_SECURITY.fourEyes).toBe(true);
  });
  it('logs switching four-eyes off with its reason, and nothing when it is already so', () => {
    const off: StaffSecuritySettingsEvent = { type: 'FourEyesSwitched', data: { on: false, reason: 'We have one admin' } };
    expect(staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: 'We have one admin' }, fold([]))).toEqual([off]);
    expect(staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: 'again' }, fold([off]))).toEqual([]);
    expect(() => staffSecuritySettingsDecider.decide({ type: 'SwitchFourEyes', on: false, reason: ' ' }, fold([]))).toThrow(
      'Give a reason for this change.',
    );
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
