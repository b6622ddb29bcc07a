import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { closingLine, prizeStage } from './prize-stage';
import { PrizeClock } from '../components/prize-clock';

const now = Date.parse('2026-12-01T00:00:00Z');
const inAWeek = '2026-12-08T08:00:00Z';
const lastWeek = '2026-11-24T08:00:00Z';

describe('a giveaway that staff closed early, drew and published (defect 1)', () => {
  it('is open only while scheduled and before its closing time', () => {
    expect(prizeStage({ prize_end_date: inAWeek, draw_status: 'scheduled' }, now)).toEqual({ kind: 'open' });
    expect(prizeStage({ prize_end_date: lastWeek, draw_status: 'scheduled' }, now)).toEqual({ kind: 'over', label: 'Entries closed' });
    expect(prizeStage({ prize_end_date: inAWeek, draw_status: 'closed' }, now)).toEqual({ kind: 'over', label: 'Entries closed' });
    expect(prizeStage({ prize_end_date: inAWeek, draw_status: 'drawn' }, now)).toEqual({ kind: 'over', label: 'Winner drawn' });
    expect(prizeStage({ prize_end_date: inAWeek, draw_status: 'published' }, now)).toEqual({ kind: 'over', label: 'Winner announced' });
  });

  it('shows its state, never a countdown, once closed or drawn', () => {
    const open = renderToStaticMarkup(<PrizeClock prize={{ prize_end_date: inAWeek, draw_status: 'scheduled' }} now={now} />);
    expect(open).toContain('countdown');
    for (const status of ['closed', 'drawn', 'published'] as const) {
      const html = renderToStaticMarkup(<PrizeClock prize={{ prize_end_date: inAWeek, draw_status: status }} now={now} />);
      expect(html).not.toContain('countdown');
      expect(html).toContain('prize-stage');
    }
  });

  it('does not claim the prize still "Closes" on its planned date after an early close', () => {
    expect(closingLine({ prize_end_date: inAWeek, draw_status: 'scheduled' }, now)).toMatch(/^Closes Dec 8, 2026/);
    expect(closingLine({ prize_end_date: inAWeek, draw_status: 'published' }, now)).toBeNull();
    expect(closingLine({ prize_end_date: lastWeek, draw_status: 'drawn' }, now)).toMatch(/^Closed Nov 24, 2026/);
  });
});
