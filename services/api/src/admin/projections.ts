import { Router } from 'express';
import { z } from 'zod';
import { positionToString, type Position } from '@roar/platform';
import { countLoggedEvents, ProjectorBusyError, type ProjectorStatus, type VerifyReport } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { RebuildTracker, type ProjectionAdminPort, type RebuildState } from './projection-admin';
import { pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';

const nameParams = z.object({ name: z.string().regex(/^[a-z0-9_-]{1,60}$/) });

const position = (p: Position | null) => (p === null ? null : positionToString(p));

export interface AdminProjection {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly stored_version: number | null;
  readonly state: string;
  readonly position: string | null;
  readonly updated_at: string | null;
  readonly last_error: string | null;
  /** The event the projector stopped at because it cannot apply it; null while it is healthy. */
  readonly failed_event: ProjectorStatus['failedEvent'];
  readonly rebuild: RebuildState | null;
}

/** One projector as the console lists it: its checkpoint, and the last rebuild this process ran. */
export function toAdminProjection(s: ProjectorStatus, rebuild: RebuildState | null): AdminProjection {
  return {
    id: s.name,
    name: s.name,
    version: s.version,
    stored_version: s.storedVersion,
    state: s.state,
    position: position(s.position),
    updated_at: s.updatedAt,
    last_error: s.lastError,
    failed_event: s.failedEvent,
    rebuild,
  };
}

/** A verification as the console shows it: VERIFIED, or the differing rows. */
export function toAdminVerification(report: VerifyReport) {
  return {
    projector: report.projector,
    verdict: report.ok ? 'VERIFIED' : 'DIFFERENT',
    ok: report.ok,
    position: positionToString(report.position),
    events: report.events,
    tables: report.tables,
    difference_count: report.differenceCount,
    differences: report.differences,
    stopped_at: report.stoppedAt,
  };
}

/**
 * Read-model operations: every staff role sees status and may verify (verification only reads);
 * rebuilding empties a read model while it replays, so only admins may start one.
 */
export function projectionsRouter(app: AppContext, port: ProjectionAdminPort): Router {
  const router = Router();
  const rebuilds = new RebuildTracker();

  const find = async (name: string): Promise<ProjectorStatus> => {
    const status = (await port.status()).find((s) => s.name === name);
    if (!status) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return status;
  };

  router.get('/', requireStaff(app), async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: ['id', 'name'],
      defaultSort: { field: 'name', order: 'ASC' },
      filter: z.object({ id: z.union([z.string(), z.array(z.string())]).optional() }).strict(),
    });
    const wanted = query.filter.id === undefined ? null : new Set([query.filter.id].flat());
    const records = (await port.status())
      .filter((s) => !wanted || wanted.has(s.name))
      .map((s) => toAdminProjection(s, rebuilds.get(s.name)))
      .sort((a, b) => a.name.localeCompare(b.name) * (query.sort.order === 'ASC' ? 1 : -1));
    const { offset, limit } = pageOf(query.range);
    sendList(res, 'projections', records.slice(offset, offset + limit), offset, records.length);
  });

  router.get('/:name', requireStaff(app), async (req, res) => {
    const { name } = parseParams(nameParams, req);
    res.json(toAdminProjection(await find(name), rebuilds.get(name)));
  });

  router.post('/:name/verify', requireStaff(app), async (req, res) => {
    const { name } = parseParams(nameParams, req);
    await find(name);
    const report = await port.verify(name);
    app.logger.info({ projector: name, ok: report.ok, differences: report.differenceCount, staff: res.locals.staff }, 'staff verified a projection');
    res.json(toAdminVerification(report));
  });

  router.post('/:name/rebuild', requireStaff(app, ['admin']), async (req, res) => {
    const { name } = parseParams(nameParams, req);
    await find(name);
    if (rebuilds.isRunning(name)) throw new HttpError(409, `A rebuild of ${name} is already running.`, 'CONFLICT');
    const total = await countLoggedEvents(app.sql);
    const log = app.logger.child({ projector: name, staff: res.locals.staff });
    const state = rebuilds.start(name, port, total, app.now, (err) =>
      log[err instanceof ProjectorBusyError ? 'warn' : 'error']({ err }, 'projection rebuild failed'),
    );
    log.info('staff started a projection rebuild');
    res.status(202).json(toAdminProjection(await find(name), state));
  });

  return router;
}
