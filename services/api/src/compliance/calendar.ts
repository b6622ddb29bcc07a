import { Router } from 'express';
import { AU_STATES } from '@roar/contracts/common';
import type { ComplianceCalendar, ComplianceCalendarItem } from '@roar/contracts/draw-records';
import { clubDay } from '@roar/contracts/time';
import { checkPublish, currentWinner, drawStreamId, formatClubDate, prizeDecider, rulesInForce, type AuState } from '@roar/domain';
import { loadState } from '@roar/platform';
import { listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { readComplianceRules } from './rules';
import { readPermits } from './permits';
import { readDrawSettings } from './settings';

/** How far ahead the calendar looks (permits expiring, lead times, claim periods, redraws, publications). */
export const CALENDAR_HORIZON_DAYS = 60;

const DAY_MS = 86_400_000;
const utc = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, n: number): string => new Date(utc(day) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((utc(to) - utc(from)) / DAY_MS);

/** The business day (Monday to Friday) `n` business days before `day`. */
function businessDaysBefore(day: string, n: number): string {
  let t = utc(day);
  for (let left = n; left > 0;) {
    t -= DAY_MS;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The compliance calendar (issue 22) for the staff dashboard, computed from the permits register,
 * the compliance rules in force, the club's draw settings and each draw's stream: permits expiring
 * within the horizon; draws not yet closed that need a permit in an open state without one, or
 * whose lead time runs out; claim periods ending; redraws due; publications due. Overdue items stay
 * (negative days_left) until they are done.
 */
export async function complianceCalendar(app: AppContext): Promise<ComplianceCalendar> {
  const today = clubDay(app.now());
  const horizon = addDays(today, CALENDAR_HORIZON_DAYS);
  const [rules, permits, settings, prizes] = await Promise.all([
    readComplianceRules(app),
    readPermits(app.store),
    readDrawSettings(app),
    listPrizes(app.sql),
  ]);
  const items: ComplianceCalendarItem[] = [];
  const add = (item: Omit<ComplianceCalendarItem, 'days_left'>) => items.push({ ...item, days_left: daysBetween(today, item.date) });

  for (const p of permits) {
    if (p.valid_to < today || p.valid_to > horizon) continue;
    add({
      kind: 'permit_expiring',
      date: p.valid_to,
      title: `${p.jurisdiction} permit ${p.number} expires`,
      detail: `Held by ${p.holder}; valid from ${formatClubDate(p.valid_from)} to ${formatClubDate(p.valid_to)}.`,
      state: p.jurisdiction,
      link: `/permits/${encodeURIComponent(p.id)}/show`,
    });
  }

  const inForce = rulesInForce(rules, today);
  for (const row of prizes) {
    const { prize, draw } = row;
    if (prize.status === 'archived') continue;
    const link = `/prizes/${encodeURIComponent(prize.id)}/show`;
    const title = prize.title;
    const drawDay = clubDay(prize.prize_end_date);
    const openStates = (prize.open_states ?? []) as AuState[];
    // Before the close: the permits each open state needs, and the lead time to get one.
    if ((draw.status === 'unscheduled' || draw.status === 'scheduled') && drawDay >= today) {
      for (const state of AU_STATES) {
        if (!openStates.includes(state)) continue;
        const check = checkPublish(
          { openStates: [state], totalPrizeCents: Math.round(prize.prize_value * 100), publishDay: today, drawDay },
          rules,
          permits,
        );
        if (check.ok) continue;
        const covered = permits.some((x) => x.jurisdiction === state && x.valid_from <= today && x.valid_to >= drawDay);
        if (!covered)
          add({
            kind: 'permit_needed',
            date: drawDay,
            title: `${title}: a ${state} permit is needed`,
            detail: check.message,
            state,
            link,
          });
        const lead = inForce.jurisdictions.get(state)?.lead_time_business_days ?? null;
        if (lead !== null && prize.status === 'draft') {
          const lastDay = businessDaysBefore(drawDay, lead);
          if (lastDay <= horizon)
            add({
              kind: 'lead_time',
              date: lastDay,
              title: `${title}: ${state} lead time runs out`,
              detail:
                `${state} needs its permit in place ${lead} business days before the draw is published: ` +
                `to open before the draw on ${formatClubDate(drawDay)}, the permit must start by ${formatClubDate(lastDay)}.`,
              state,
              link,
            });
        }
      }
    }
    if (draw.status !== 'drawn' && draw.status !== 'published') continue;
    const { state } = await loadState(app.store, drawStreamId(prize.id), prizeDecider);
    if (state.status === 'absent') continue;
    const current = currentWinner(state.draw);
    const lastWinner = state.draw.winners[state.draw.winners.length - 1];
    if (current && current.notified && current.claimBy && current.claimedBy === null && current.outcome === null) {
      const date = clubDay(current.claimBy);
      if (date <= horizon)
        add({
          kind: 'claim_period_ending',
          date,
          title: `${title}: claim period ends`,
          detail: `Winner #${current.k + 1} has until ${formatClubDate(date)} to claim; unclaimed, the prize is redrawn.`,
          state: null,
          link,
        });
    }
    if (lastWinner && lastWinner.redrawnReason === null && lastWinner.outcome !== null && lastWinner.redrawOn) {
      const date = clubDay(lastWinner.redrawOn);
      if (date <= horizon)
        add({
          kind: 'redraw_due',
          date,
          title: `${title}: redraw due`,
          detail:
            `Winner #${lastWinner.k + 1} ${lastWinner.outcome === 'declined' ? 'declined' : 'did not claim'}; ` +
            `the prize may be redrawn from ${formatClubDate(date)}.`,
          state: null,
          link,
        });
    }
    if (draw.status === 'drawn' && current && current.outcome === null && draw.drawn_at) {
      const date = addDays(clubDay(draw.drawn_at), settings.publicationDays);
      if (date <= horizon)
        add({
          kind: 'publication_due',
          date,
          title: `${title}: publish the winner`,
          detail: `Winners are published within ${settings.publicationDays} days of the draw (${formatClubDate(clubDay(draw.drawn_at))}).`,
          state: null,
          link,
        });
    }
  }
  items.sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? -1 : 1));
  return { today, horizon_days: CALENDAR_HORIZON_DAYS, items };
}

/** `GET /api/admin/compliance-calendar`: every staff role reads it. */
export function complianceCalendarRouter(app: AppContext): Router {
  const router = Router();
  router.get('/', requireStaff(app), async (_req, res) => {
    res.json(await complianceCalendar(app));
  });
  return router;
}
