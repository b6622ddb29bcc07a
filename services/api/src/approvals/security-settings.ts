import { Router } from 'express';
import { z } from 'zod';
import { staffSecurityChangeSchema } from '@roar/contracts/staff';
import {
  STAFF_SECURITY_STREAM,
  staffSecuritySettingsDecider,
  twoFactorScopeSchema,
  type StaffSecuritySettings,
  type StaffSecuritySettingsCommand,
} from '@roar/domain';
import { handleCommand, type CommandContext } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { enrolledStaffIds } from '../auth/staff-two-factor';
import { sequenceDecider, staffCommandContext } from '../staff-kit/command-context';
import { parseBody } from '../http/validate';
import { registerGuardedAction } from './actions';
import { heldForApproval } from './request';
import { staffSecuritySettings, twoFactorRequired } from '../auth/staff-security';
import { staffNames } from './view';

const changeSchema = staffSecurityChangeSchema;
type Change = z.infer<typeof changeSchema>;

const guardedParams = z.object({
  four_eyes: z.boolean().nullable(),
  refund_above_cents: z.number().int().nullable(),
  entry_adjustment_above: z.number().int().nullable(),
  two_factor_required_for: twoFactorScopeSchema.nullable(),
  reason: z.string(),
});

function commandsOf(change: Change, current: StaffSecuritySettings): StaffSecuritySettingsCommand[] {
  const reason = change.reason;
  const out: StaffSecuritySettingsCommand[] = [];
  if (change.four_eyes !== undefined) out.push({ type: 'SwitchFourEyes', on: change.four_eyes, reason });
  if (change.refund_above_cents !== undefined || change.entry_adjustment_above !== undefined) {
    out.push({
      type: 'SetApprovalThresholds',
      refundAboveCents: change.refund_above_cents ?? current.refundAboveCents,
      entryAdjustmentAbove: change.entry_adjustment_above ?? current.entryAdjustmentAbove,
      reason,
    });
  }
  if (change.two_factor_required_for !== undefined) out.push({ type: 'SetTwoFactorScope', requiredFor: change.two_factor_required_for, reason });
  return out;
}

/** A change that loosens a control: four-eyes off, a higher threshold, two-factor for fewer staff. */
function loosens(change: Change, s: StaffSecuritySettings): boolean {
  return (
    (change.four_eyes === false && s.fourEyes) ||
    (change.refund_above_cents ?? 0) > s.refundAboveCents ||
    (change.entry_adjustment_above ?? 0) > s.entryAdjustmentAbove ||
    (change.two_factor_required_for === 'admins' && s.twoFactorRequiredFor === 'all-staff')
  );
}

async function applyChange(app: AppContext, change: Change, ctx: CommandContext) {
  const commands = commandsOf(change, await staffSecuritySettings(app));
  return handleCommand(app.store, app.registry, STAFF_SECURITY_STREAM, sequenceDecider(staffSecuritySettingsDecider), commands, ctx);
}

/** How many staff users could approve a request (admins and staff; auditors only read). */
export async function countApprovers(app: Pick<AppContext, 'sql'>): Promise<number> {
  const r = await app.sql.query<{ n: unknown }>(`select count(*)::int as n from auth.staff_users where role in ('admin', 'staff')`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Staff two-factor at a glance, for the dashboard and the "before you sell" checklist: how many
 * staff users must sign in with a second factor and how many of those have enrolled. `ready` is
 * true when every one who must has.
 */
export async function staffTwoFactorStatus(app: Pick<AppContext, 'sql' | 'store'>) {
  const settings = await staffSecuritySettings(app);
  const enrolled = await enrolledStaffIds(app.sql);
  const r = await app.sql.query<{ id: string; role: string }>('select id::text as id, role from auth.staff_users');
  const required = r.rows.filter((u) => twoFactorRequired(settings, u.role));
  const requiredEnrolled = required.filter((u) => enrolled.has(u.id)).length;
  return {
    required_for: settings.twoFactorRequiredFor,
    staff_users: r.rows.length,
    enrolled: r.rows.filter((u) => enrolled.has(u.id)).length,
    required: required.length,
    required_enrolled: requiredEnrolled,
    ready: requiredEnrolled === required.length,
  };
}
export type StaffTwoFactorStatus = Awaited<ReturnType<typeof staffTwoFactorStatus>>;

/** The last time four-eyes was switched, by whom and why (the dashboard shows it). */
async function lastFourEyesSwitch(app: AppContext) {
  const events = await app.store.readStream(STAFF_SECURITY_STREAM);
  const last = events.filter((e) => e.type === 'FourEyesSwitched').at(-1);
  if (!last) return null;
  const approval = last.metadata.approval;
  // Under four-eyes the actor approved; the one who asked is in the approval metadata.
  const asker = approval ? approval.requestedBy : last.metadata.actor.id;
  const names = await staffNames(app.sql, [asker, last.metadata.actor.id]);
  const data = last.data as { on: boolean; reason: string };
  return {
    on: data.on,
    at: last.metadata.occurredAt,
    by_name: names.get(asker) ?? 'a former staff user',
    approved_by_name: approval ? (names.get(last.metadata.actor.id) ?? 'a former staff user') : null,
    reason: data.reason,
  };
}

async function settingsRecord(app: AppContext) {
  const s = await staffSecuritySettings(app);
  return {
    id: 'club',
    four_eyes: s.fourEyes,
    refund_above_cents: s.refundAboveCents,
    entry_adjustment_above: s.entryAdjustmentAbove,
    two_factor_required_for: s.twoFactorRequiredFor,
    four_eyes_last_switch: await lastFourEyesSwitch(app),
    approvers: await countApprovers(app),
    two_factor: await staffTwoFactorStatus(app),
  };
}

/**
 * `/api/admin/staff-security`: the club's four-eyes switch, its thresholds and who must use
 * two-factor. Every staff user reads it (the dashboard shows it); admins change it with a reason.
 * With four-eyes on and a second staff user to ask, a change that loosens a control is itself held
 * for approval; a club with a single admin switches it off directly, and that is logged.
 */
export function staffSecurityRouter(app: AppContext): Router {
  const router = Router();
  registerGuardedAction(app, {
    kind: 'security.settings',
    params: guardedParams,
    async execute(p, ctx) {
      const change: Change = {
        reason: p.reason,
        ...(p.four_eyes === null ? {} : { four_eyes: p.four_eyes }),
        ...(p.refund_above_cents === null ? {} : { refund_above_cents: p.refund_above_cents }),
        ...(p.entry_adjustment_above === null ? {} : { entry_adjustment_above: p.entry_adjustment_above }),
        ...(p.two_factor_required_for === null ? {} : { two_factor_required_for: p.two_factor_required_for }),
      };
      await applyChange(app, change, ctx);
      return 'Security settings changed';
    },
  });

  router.get('/', requireStaff(app), async (_req, res) => {
    res.json(await settingsRecord(app));
  });

  router.put('/', requireStaff(app, ['admin']), async (req, res) => {
    const change = parseBody(changeSchema, req);
    const current = await staffSecuritySettings(app);
    const ask = loosens(change, current) && (await countApprovers(app)) >= 2;
    const summary = change.four_eyes === false && current.fourEyes ? 'Switch four-eyes approval off' : 'Loosen the staff security settings';
    const params = {
      four_eyes: change.four_eyes ?? null,
      refund_above_cents: change.refund_above_cents ?? null,
      entry_adjustment_above: change.entry_adjustment_above ?? null,
      two_factor_required_for: change.two_factor_required_for ?? null,
      reason: change.reason,
    };
    if (ask && (await heldForApproval(app, req, res, { kind: 'security.settings', params, summary, reason: change.reason }))) return;
    const outcome = await applyChange(app, change, staffCommandContext(app, req, res, change.reason));
    if (outcome.appended) app.logger.info({ staffId: staffOf(res).id }, 'staff security settings changed');
    res.json(await settingsRecord(app));
  });

  return router;
}
