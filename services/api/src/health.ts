import { Router } from 'express';
import { withTimeout } from '@roar/platform';
import type { AppContext } from './context';

type CheckState = 'up' | 'down' | 'not configured';

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
    const [database, eventStore, redis] = await Promise.all([
      check('database', () => app.sql.query('select 1')),
      check('event store', () => app.store.ping()),
      app.jobs && app.jobs.mode === 'bullmq' ? check('redis', () => app.jobs!.ping()) : Promise.resolve<CheckState>('not configured'),
    ]);
    const checks = { database, eventStore, redis };
    const ready = database === 'up' && eventStore === 'up' && redis !== 'down';
    const down = Object.entries(checks)
      .filter(([, v]) => v === 'down')
      .map(([k]) => k);
    res.status(ready ? 200 : 503).json(ready ? { status: 'ready', checks } : { status: 'not ready', checks, errors: down.map((k) => ({ message: `${k} is not answering` })) });
  });
  return router;
}
