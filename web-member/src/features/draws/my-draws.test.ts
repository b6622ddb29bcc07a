import { describe, expect, it } from 'vitest';
import { drawResult, entriesLine } from './my-draws-page';
import { wonBadge } from '../../lib/prizes';

describe('the result on a my-draws card', () => {
  it("reads 'won' (green) for a win and where the draw stands otherwise", () => {
    expect(wonBadge(drawResult({ won: true, status: 'drawn' }))).toEqual({ text: 'WON', tone: 'won' });
    expect(wonBadge(drawResult({ won: false, status: 'published' }))).toEqual({ text: 'NOT WON', tone: 'neutral' });
    expect(wonBadge(drawResult({ won: false, status: 'scheduled' }))).toEqual({ text: 'SCHEDULED', tone: 'neutral' });
  });
});

describe('the entries line on a my-draws card (defect 1: a giveaway that staff closed early, drew and published)', () => {
  it('My Draws says the member won, not that their entries count, beside WON', () => {
    expect(entriesLine({ won: true, status: 'published', eligible: true, reason: null })).toBe('You won this draw.');
    expect(entriesLine({ won: false, status: 'drawn', eligible: true, reason: null })).toBe('Your entries counted in this draw.');
    expect(entriesLine({ won: false, status: 'scheduled', eligible: true, reason: null })).toBe('Your entries count in this draw.');
    expect(entriesLine({ won: false, status: 'scheduled', eligible: false, reason: 'Bonus draws need a tier with bonus draws.' })).toBe(
      'Bonus draws need a tier with bonus draws.',
    );
  });
});
