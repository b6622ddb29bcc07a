import { Router } from 'express';
import { z } from 'zod';
import type { AppContext, JobsPort } from '../context';
import { requireStaff, WRITER_ROLES } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';

const failedJobSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String) }).loose();
type FailedJob = z.infer<typeof failedJobSchema>;

/** Jobs the runtime reports without an id cannot be retried by id, so they are not listed. */
async function failedJobs(jobs: JobsPort): Promise<FailedJob[]> {
  return (await jobs.listFailed()).flatMap((j) => {
    const parsed = failedJobSchema.safeParse(j);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Failed jobs (after every retry) for staff to inspect and retry; auditors may only look. */
export function jobsRouter(app: AppContext, jobs: JobsPort): Router {
  const router = Router();

  router.get('/', requireStaff(app), async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: ['id'],
      defaultSort: { field: 'id', order: 'DESC' },
      filter: z.object({ id: z.union([z.string(), z.array(z.string())]).optional() }).strict(),
    });
    const wanted = query.filter.id === undefined ? null : new Set([query.filter.id].flat());
    const all = (await failedJobs(jobs)).filter((j) => !wanted || wanted.has(j.id));
    all.sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }) * (query.sort.order === 'ASC' ? 1 : -1));
    const { offset, limit } = pageOf(query.range);
    sendList(res, 'jobs-failed', all.slice(offset, offset + limit), offset, all.length);
  });

  router.get('/:id', requireStaff(app), async (req, res) => {
    const job = (await failedJobs(jobs)).find((j) => j.id === req.params.id);
    if (!job) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json(job);
  });

  router.post('/:id/retry', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const id = String(req.params.id);
    if (!(await jobs.retryFailed(id))) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    app.logger.info({ jobId: id, staff: res.locals.staff }, 'staff retried a failed job');
    res.json({ id, retried: true });
  });

  return router;
}
