import { describe, expect, it } from 'vitest';
import { EXTRA_GOALS, GOALS, judge, reportGoals, type Figures } from './goals';

const goal = (label: string) => {
  const found = [...GOALS, ...EXTRA_GOALS].find((g) => g.label === label);
  if (!found) throw new Error(`no goal labelled ${label}`);
  return found;
};

/** Figures as the sections name them (docs/bench.md, issue 25), every goal met. */
const allMet: Figures = {
  shop_drop_sold: 50,
  shop_drop_refused: 150,
  shop_drop_oversold: 0,
  shop_drop_per_s: 40,
  shop_drop_unguarded_per_s: 70,
  shop_drop_busy_core: 1,
  append_postgres_events_per_s: 630,
  append_postgres_baseline_rows_per_s: 722,
  append_postgres_wakeups_kept: 1,
  shop_cart_update_p50_ms: 40,
  shop_cart_baseline_p50_ms: 35,
  shop_cart_update_p99_ms: 80,
  shop_cart_baseline_p99_ms: 60,
  minimal_fcp_ms: 300,
  minimal_lcp_ms: 300,
  home_fcp_ms: 500,
  home_lcp_ms: 590,
  member_home_js_gzip_kib: 120,
  staff_signin_js_gzip_kib: 180,
  staff_signin_fcp_ms: 800,
  commands_pg_per_s: 100,
  commands_pg_p50_ms: 12,
  commands_pg_p99_ms: 60,
  commands_pg_fresh: 1200,
  commands_pg_sent: 1200,
  product_list_read_ms: 790,
  product_close_ms: 1900,
  product_audit_ms: 3500,
  product_close_peak_mb: 400,
  product_audit_peak_mb: 500,
  product_entrants: 100_000,
  product_1m_list_read_ms: 8000,
  product_1m_close_ms: 20_000,
  product_1m_audit_ms: 36_000,
  product_1m_close_peak_mb: 3000,
  product_1m_audit_peak_mb: 4000,
  product_1m_entrants: 1_000_000,
};

describe('bench goals (issue 25)', () => {
  it('read "not measured" for every goal when no section ran, naming the missing figures, and count none as met', () => {
    const lines: string[] = [];
    const result = reportGoals({}, (l) => lines.push(l));
    expect(result).toEqual({ met: 0, of: GOALS.length, notMeasured: GOALS.length });
    const goalLines = lines.filter((l) => l.startsWith('  '));
    expect(goalLines).toHaveLength(GOALS.length + EXTRA_GOALS.length);
    for (const line of goalLines) expect(line).toMatch(/^ {2}not measured {2}.*: - \(not produced: /);
    expect(judge(goal('close of a draw over 100,000 paying members'), {}).text).toBe(
      'close of a draw over 100,000 paying members: - (not produced: product_close_ms, product_list_read_ms, product_close_peak_mb, product_entrants)',
    );
  });

  it('read "not measured" when only part of a goal\'s figures were produced, and when a figure is not a number', () => {
    const { shop_drop_busy_core: _busy, ...noBusyCore } = allMet;
    expect(judge(goal('limited-stock drop rate, one core kept busy'), noBusyCore).status).toBe('not measured');
    expect(judge(goal('home page LCP at 4x CPU'), { ...allMet, home_lcp_ms: 'missing' }).status).toBe('not measured');
    expect(judge(goal('home page LCP at 4x CPU'), { ...allMet, home_lcp_ms: Number.NaN }).status).toBe('not measured');
  });

  it('meet every goal on figures within their ratios, each line printing the figure beside its floor', () => {
    const lines: string[] = [];
    const result = reportGoals(allMet, (l) => lines.push(l));
    expect(result).toEqual({ met: GOALS.length, of: GOALS.length, notMeasured: 0 });
    const text = lines.join('\n');
    expect(text).toContain('close of a draw over 100,000 paying members: 1,900 ms = 2.41x the 790 ms list read (goal ≤ 3x)');
    expect(text).toContain('limited-stock drop rate, one core kept busy: 40/s = 0.57x the 70/s unguarded checkout (goal ≥ 0.5x)');
    expect(text).toContain('appends, 8 writers on PostgreSQL: 630/s = 0.87x the 722/s single-row INSERT (goal ≥ 0.5x); wake-ups kept');
    expect(text).toContain('home page FCP at 4x CPU: 500 ms = 1.67x the 300 ms minimal page (goal ≤ 2x)');
    expect(text).toContain('commands on PostgreSQL: 100/s, p99 < 100 ms, read-your-writes kept: 100/s answered of 100/s offered, p99 60 ms');
    expect(text).toContain('close memory in proportion to entrants: 3.07 KiB an entrant at 1,000,000 = 0.75x the 4.1 KiB at 100,000 (goal ≤ 1.5x)');
  });

  it('do not meet a goal whose figure is past its ratio to the floor, or whose condition failed', () => {
    const unmet: Figures = {
      ...allMet,
      product_close_ms: 2400, // 3.04x the 790 ms list read
      shop_drop_sold: 51,
      shop_drop_oversold: 1,
      append_postgres_wakeups_kept: 0,
      shop_drop_busy_core: 0,
      commands_pg_fresh: 1199,
      product_1m_entrants: 999_999,
    };
    const status = (label: string) => judge(goal(label), unmet).status;
    expect(judge(goal('close of a draw over 100,000 paying members'), unmet).text).toBe(
      'close of a draw over 100,000 paying members: 2,400 ms = 3.04x the 790 ms list read (goal ≤ 3x); 100,000 entrants, peak 400 MB (4.1 KiB an entrant)',
    );
    expect(status('close of a draw over 100,000 paying members')).toBe('NOT met');
    expect(status('limited-stock drop: 200 members racing for 50 units')).toBe('NOT met');
    expect(status('appends, 8 writers on PostgreSQL')).toBe('NOT met');
    expect(status('limited-stock drop rate, one core kept busy')).toBe('NOT met');
    expect(status('commands on PostgreSQL: 100/s, p99 < 100 ms, read-your-writes kept')).toBe('NOT met');
    expect(status('close of a draw over 1,000,000 paying members')).toBe('NOT met');
    // Untouched figures still meet theirs.
    expect(status('audit of a draw over 100,000 paying members')).toBe('met');
    // Slower floor, same ratio: still met (the goal moves with the machine).
    const slower = { ...allMet, product_close_ms: 3800, product_list_read_ms: 1580 };
    expect(judge(goal('close of a draw over 100,000 paying members'), slower).status).toBe('met');
    // A zero floor never makes a ratio met.
    expect(judge(goal('home page FCP at 4x CPU'), { ...allMet, minimal_fcp_ms: 0 }).status).toBe('NOT met');
    // Budgets: at or over the line is not met.
    expect(judge(goal('staff sign-in page, gzip JavaScript'), { ...allMet, staff_signin_js_gzip_kib: 200 }).status).toBe('NOT met');
    expect(judge(goal('cart update p99, 50 concurrent members'), { ...allMet, shop_cart_update_p99_ms: 91 }).status).toBe('NOT met');
  });
});
