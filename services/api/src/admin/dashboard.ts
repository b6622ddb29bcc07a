import { Router } from 'express';
import { z } from 'zod';
import { dashboardSchema } from '@roar/contracts/staff';
import { dashboardFigures } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { documentRoute } from '../http/openapi';
import { parseQuery } from '../http/validate';
import { waitingCounters } from '../staff-kit/waiting-counters';
export { registerWaitingCounter, type WaitingCounter } from '../staff-kit/waiting-counters';

export const dashboardQuerySchema = z.object({ days: z.coerce.number().int().min(7).max(366).default(90) }).strict();

/** `GET /api/admin/dashboard`: the figures of the staff console's landing page, every role. */
export function dashboardRouter(app: AppContext): Router {
  const router = Router();
  router.get('/', requireStaff(app), async (req, res) => {
    const { days } = parseQuery(dashboardQuerySchema, req);
    const started = performance.now();
    const [figures, waiting, failedJobs] = await Promise.all([
      dashboardFigures(app.sql, app.now(), days),
      Promise.all(waitingCounters.map(async (c) => ({ name: c.name, count: await c.count(app.sql) }))),
      app.jobs
        ? app.jobs.listFailed().then(
            (jobs) => jobs.length,
            () => null,
          )
        : Promise.resolve(null),
    ]);
    res.setHeader('Server-Timing', `figures;dur=${(performance.now() - started).toFixed(1)}`);
    res.json({ id: 'dashboard', ...figures, waiting: [...waiting, ...(failedJobs === null ? [] : [{ name: 'Failed jobs', count: failedJobs }])] });
  });
  return router;
}

documentRoute({
  method: 'get',
  path: '/api/admin/dashboard',
  tag: 'staff',
  auth: 'staff',
  summary:
    'Dashboard figures: sign-ups, active members by tier, MRR and churn, entries by source, failed payments, renewals due, waiting work, the draw calendar',
  query: dashboardQuerySchema,
  response: dashboardSchema,
  errors: [400, 401],
});
