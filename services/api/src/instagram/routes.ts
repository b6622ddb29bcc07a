import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { documentRoute } from '../http/openapi';
import { readServiceKeys } from '../service-keys/store';
import { graphInstagram } from './graph';
import { localInstagram } from './local';
import { cachedInstagram, instagramPostSchema, type InstagramPort } from './port';

documentRoute({
  method: 'get',
  path: '/api/get-instagram-posts',
  tag: 'content',
  summary: 'Recent Instagram posts (cached; empty during an Instagram outage)',
  response: z.object({ data: z.array(instagramPostSchema) }),
});

/**
 * `GET /api/get-instagram-posts`: the Graph API once an admin sets `instagram_token` in the service
 * keys, the local sample posts until then. Always 200: an outage answers an empty list.
 */
export function createInstagramRouter(app: AppContext, ports: { graph?: InstagramPort; local?: InstagramPort } = {}): Router {
  const router = Router();
  const keys = () => readServiceKeys(app.sql);
  const graph = cachedInstagram(
    ports.graph ?? graphInstagram({ token: async () => (await keys()).instagram_token, userId: async () => (await keys()).instagram_user_id }),
    {
      onError: (err) =>
        app.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'instagram: refresh failed; serving the last good posts or none'),
    },
  );
  const local = ports.local ?? localInstagram();
  router.get('/api/get-instagram-posts', async (_req, res) => {
    try {
      const configured = Boolean((await keys()).instagram_token);
      res.json({ data: await (configured ? graph : local).recentPosts() });
    } catch (err) {
      app.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'instagram: posts unavailable');
      res.json({ data: [] });
    }
  });
  return router;
}
