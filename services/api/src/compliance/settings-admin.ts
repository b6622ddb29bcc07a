import { Router } from 'express';
import { DEFAULT_DRAW_SETTINGS, updateDrawSettingsBodySchema, type DrawSettingsAnswer } from '@roar/contracts/draw-settings';
import { DRAW_SETTINGS_STREAM_ID, drawSettingsDecider } from '@roar/domain';
import { handleCommand, type CommandContext } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { parseBody } from '../http/validate';
import { readDrawSettingsState } from './settings';

async function answer(app: AppContext): Promise<DrawSettingsAnswer> {
  const state = await readDrawSettingsState(app);
  return { ...(state.settings ?? DEFAULT_DRAW_SETTINGS), updated_at: state.updatedAt, version: state.version };
}

/** What runs after a change of the settings (app.ts: the open draws' terms are issued again). */
export type AfterComplianceChange = (ctx: CommandContext) => Promise<unknown>;

/** `/api/admin/draw-settings`: every staff user reads the club's draw settings; admins change them with a reason. */
export function drawSettingsAdminRouter(app: AppContext, afterChange?: AfterComplianceChange): Router {
  const router = Router();
  router.get('/', requireStaff(app), async (_req, res) => {
    res.json(await answer(app));
  });
  router.put('/', requireStaff(app, ['admin']), async (req, res) => {
    const { reason, ...settings } = parseBody(updateDrawSettingsBodySchema, req);
    const ctx = staffCommandContext(app, req, res, reason);
    const outcome = await handleCommand(
      app.store,
      app.registry,
      DRAW_SETTINGS_STREAM_ID,
      drawSettingsDecider,
      { type: 'UpdateDrawSettings', settings, reason, staffId: staffOf(res).id, at: ctx.occurredAt.toISOString() },
      ctx,
    );
    if (afterChange && outcome.events.length > 0) await afterChange(ctx);
    res.json(await answer(app));
  });
  return router;
}
