import { describe, expect, it } from 'vitest';
import { drawResult } from './my-draws-page';
import { wonBadge } from '../../lib/prizes';

describe('the result on a my-draws card', () => {
  it("reads 'won' (green) for a win and where the draw stands otherwise", () => {
    expect(wonBadge(drawResult({ won: true, status: 'drawn' }))).toEqual({ text: 'WON', tone: 'won' });
    expect(wonBadge(drawResult({ won: false, status: 'published' }))).toEqual({ text: 'NOT WON', tone: 'neutral' });
    expect(wonBadge(drawResult({ won: false, status: 'scheduled' }))).toEqual({ text: 'SCHEDULED', tone: 'neutral' });
  });
});
