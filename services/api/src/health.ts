import { Router } from 'express';
import { withTimeout } from '@roar/platform';
import type { AppContext } from './context';

type CheckState = 'up' | 'down' | 'not configured';

/** Projectors stopped at an event they cannot apply: their read models stay behind until fixed. */
async function stoppedProjectors(app: AppContext) {
  const status = await app.projections.status?.().catch(() => []);
  return (status ?? []).flatMap((p) => (p.failedEvent ? [{ name: p.name, failedEvent: p.failedEvent }] : []));
}

/**
 * /health: the process is alive. /ready: it can serve, i.e. the database, the event store and
 * (when configured) Redis each answer within a short deadline; the body says which one does not.
 */
export function createHealthRouter(app: AppContext): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (_req, res) => {
    const deadline = Math.min(app.config.CALL_TIMEOUT_MS, 2000);
    const check = async (what: string, probe: () => Promise<unknown>): Promise<CheckState> => {
      try {
        await withTimeout(what, deadline, probe);
        return 'up';
      } catch (err) {
        app.logger.warn({ err, what }, 'readiness check failed');
        return 'down';
      }
    };
    const [database, eventStore, redis, stopped] = await Promise.all([
      check('database', () => app.sql.query('select 1')),
      check('event store', () => app.store.ping()),
      app.jobs && app.jobs.mode === 'bullmq' ? check('redis', () => app.jobs!.ping()) : Promise.resolve<CheckState>('not configured'),
      stoppedProjectors(app),
    ]);
    const projections = stopped.length > 0 ? 'failed' : 'up';
    const checks = { database, eventStore, redis, projections };
    const ready = database === 'up' && eventStore === 'up' && redis !== 'down' && stopped.length === 0;
    const down = Object.entries({ database, eventStore, redis })
      .filter(([, v]) => v === 'down')
      .map(([k]) => ({ message: `${k} is not answering` }));
    const failed = stopped.map((p) => ({
      message: `read model ${p.name} stopped at event ${p.failedEvent.type} ${p.failedEvent.id}: ${p.failedEvent.error}`,
      projector: p.name,
    }));
    res.status(ready ? 200 : 503).json(ready ? { status: 'ready', checks } : { status: 'not ready', checks, errors: [...down, ...failed] });
  });
  return router;
}
