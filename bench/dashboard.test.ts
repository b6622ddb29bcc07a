import { describe, expect, it } from 'vitest';
import { benchDashboard } from './dashboard';

describe('the dashboard bench section', () => {
  // It migrates the read models the dashboard's figures read itself: one it did not know of
  // (member controls, issue 23) stopped the full `npm run bench` at this section.
  it('runs its own path over a few hundred members and prints its figures', async () => {
    const lines: string[] = [];
    const figures = await benchDashboard((line) => lines.push(line), 300);
    if (figures.dashboard === 'no postgres') return expect(process.env.REQUIRE_SERVICES, 'PostgreSQL is required').toBeFalsy();
    expect(figures.dashboard_members).toBe(300);
    expect(figures.dashboard_ms).toEqual(expect.any(Number));
    expect(figures.dashboard_baseline_ms).toEqual(expect.any(Number));
    expect(lines.join('\n')).toMatch(/^dashboard: 300 members projected in [\d.]+ s; \d+ sign-ups in the 90-day window$/m);
  }, 120_000);
});
