import { Router } from 'express';
import { z } from 'zod';
import { isStorableInstant } from '@roar/domain';
import { getEvent, listEvents } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { toAdminEvent } from '../staff-kit/event-view';
export { toAdminEvent };

const instant = z
  .string()
  .max(40)
  .refine((v) => isStorableInstant(new Date(v).getTime()), 'not a date and time between 1900 and 9999')
  .transform((v) => new Date(v).toISOString());

const filterSchema = z
  .object({
    id: oneOrMany(z.string().max(40)).optional(),
    stream_id: z.string().trim().min(1).max(200).optional(),
    event_type: oneOrMany(z.string().trim().min(1).max(100)).optional(),
    occurred_after: instant.optional(),
    occurred_before: instant.optional(),
  })
  .strict();

const SORT_FIELDS = ['position', 'occurred_at', 'recorded_at', 'event_type', 'stream_id', 'id'] as const;

/** The event log (read.event_log): read-only for every staff role, newest first by default. */
export function eventsRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, { sortFields: SORT_FIELDS, defaultSort: { field: 'position', order: 'DESC' }, filter: filterSchema });
    const f = query.filter;
    const { offset, limit } = pageOf(query.range, 500);
    const { rows, total } = await listEvents(app.sql, {
      ...(f.stream_id ? { stream: f.stream_id } : {}),
      ...(f.event_type ? { type: f.event_type } : {}),
      ...(f.occurred_after ? { from: f.occurred_after } : {}),
      ...(f.occurred_before ? { to: f.occurred_before } : {}),
      ...(f.id ? { ids: f.id } : {}),
      sort: query.sort.field,
      order: query.sort.order,
      offset,
      limit,
    });
    sendList(res, 'events', rows.map(toAdminEvent), offset, total);
  });

  router.get('/:id', async (req, res) => {
    const row = await getEvent(app.sql, String(req.params.id));
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json(toAdminEvent(row));
  });

  return router;
}
