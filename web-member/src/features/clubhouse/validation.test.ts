import { describe, expect, it } from 'vitest';
import { explainRevision } from './index-panel';
import { FIELD_MESSAGES, fieldProblem } from './validation';
import { formatIndex } from './format';

const today = new Date(2026, 10, 24);

describe('request form checks, field by field', () => {
  it('takes Australian mobiles only', () => {
    for (const ok of ['0412 345 678', '0412345678', '+61 412 345 678', '61412345678'])
      expect(fieldProblem('mobile', ok, false, today), ok).toBeNull();
    for (const bad of ['02 9999 0000', '041234567', '+1 412 345 678', ''])
      expect(fieldProblem('mobile', bad, false, today), bad).toBe(FIELD_MESSAGES.mobile);
  });
  it('takes a real date of birth as D/MM/YYYY with a plausible age', () => {
    expect(fieldProblem('dob', '4/05/1990', false, today)).toBeNull();
    expect(fieldProblem('dob', '31/02/1990', false, today)).toBe(FIELD_MESSAGES.dob);
    expect(fieldProblem('dob', '1990-05-04', false, today)).toBe(FIELD_MESSAGES.dob);
    expect(fieldProblem('dob', '4/05/2024', false, today)).toBe(FIELD_MESSAGES.dobAge);
    expect(fieldProblem('dob', '4/05/1900', false, today)).toBe(FIELD_MESSAGES.dobAge);
  });
  it('takes since as MM/YYYY, not in the future, and optional', () => {
    expect(fieldProblem('since', '', false, today)).toBeNull();
    expect(fieldProblem('since', '03/2015', false, today)).toBeNull();
    expect(fieldProblem('since', '13/2015', false, today)).toBe(FIELD_MESSAGES.since);
    expect(fieldProblem('since', '12/2026', false, today)).toBe(FIELD_MESSAGES.since);
  });
  it('needs the previous club and a 10-digit Golf Link number for a transfer only', () => {
    expect(fieldProblem('previous_golf_club', '', true, today)).toBe(FIELD_MESSAGES.previous_golf_club);
    expect(fieldProblem('previous_golf_club', '', false, today)).toBeNull();
    expect(fieldProblem('previous_golf_link_number', '', true, today)).toBe(FIELD_MESSAGES.golf_link_number);
    expect(fieldProblem('previous_golf_link_number', '123456789', true, today)).toBe(FIELD_MESSAGES.golf_link_number);
    expect(fieldProblem('previous_golf_link_number', '1234567890', true, today)).toBeNull();
  });
});

describe('why the index changed', () => {
  const base = {
    revision: 4,
    revised_at: '2026-04-04T00:00:00Z',
    cause: { kind: 'attested' as const, scorecardId: 's4' },
    previous_index: 15.3,
    handicap_index: 1.6,
    low_handicap_index: null,
    cap: 'none' as const,
    table_adjustment: -1,
    exceptional_reduction: -2,
    rule_version: 'WHS-2024-GA-1',
    counted: 4,
    used: ['s4'],
  };
  it('names the table, the exceptional reduction and the cause', () => {
    expect(explainRevision(base)).toBe(
      'The best 1 of your 4 most recent scores count, minus 1.0. Your latest round was exceptional (7.0 or more below your index): every counted differential was reduced by 2.0. Revised because a score was attested. Rules: WHS-2024-GA-1.',
    );
    expect(explainRevision({ ...base, handicap_index: null, counted: 2, used: [] })).toBe('2 counted scores: an index needs at least 3.');
    expect(
      explainRevision({
        ...base,
        exceptional_reduction: 0,
        cap: 'soft',
        low_handicap_index: 6.5,
        counted: 20,
        table_adjustment: 0,
        used: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      }),
    ).toContain('Soft cap: the rise above your low index of 6.5 beyond 3.0 was halved.');
  });
  it('shows plus handicaps with a plus sign', () => {
    expect([formatIndex(-2.1), formatIndex(0), formatIndex(12.35 - 0.05), formatIndex(null)]).toEqual(['+2.1', '0.0', '12.3', '—']);
  });
});
