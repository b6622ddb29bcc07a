import { Router } from 'express';
import { z } from 'zod';
import { serviceKeyChangeSchema, serviceKeyDetailSchema, serviceKeySchema } from '@roar/contracts/staff';
import type { AppContext } from '../context';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { HttpError, zodItems } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { sendList } from '../staff-kit/simple-rest';
import { listVersions, recordVersion } from '../content-admin/versions';
import { isPublicKey, readServiceKeys, SERVICE_KEY_NAMES, serviceKeyTokenSchema, writeServiceKey, type ServiceKeyName } from './store';

const nameSchema = z.enum(SERVICE_KEY_NAMES);

/** Admin-only: the service keys, each a record `{id: name, token}`; secrets are shown only to admins. */
export function adminServiceKeysRouter(app: AppContext): Router {
  const router = Router();
  const admins = requireStaff(app, ['admin']);
  const record = async (name: ServiceKeyName) => ({ id: name, name, token: (await readServiceKeys(app.sql))[name] ?? '', public: isPublicKey(name) });

  router.get('/service-keys', admins, async (_req, res) => {
    const rows = await Promise.all(SERVICE_KEY_NAMES.map(record));
    sendList(res, 'service-keys', rows, 0, rows.length);
  });
  router.get('/service-keys/:id', admins, async (req, res) => {
    const name = nameSchema.safeParse(req.params.id);
    if (!name.success) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json({ ...(await record(name.data)), versions: (await listVersions(app.sql, 'service_keys', name.data)).map((v) => ({ ...v, data: {} })) });
  });
  router.put('/service-keys/:id', admins, async (req, res) => {
    const name = nameSchema.safeParse(req.params.id);
    if (!name.success) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const body = serviceKeyChangeSchema.safeParse({
      token: (req.body as { token?: unknown } | undefined)?.token ?? '',
      reason: (req.body as { reason?: unknown } | undefined)?.reason,
    });
    if (!body.success) throw new HttpError(400, body.error.issues[0]?.message ?? 'Invalid input', 'VALIDATION', zodItems(body.error));
    const token = serviceKeyTokenSchema[name.data].safeParse(body.data.token);
    if (!token.success) throw new HttpError(400, token.error.issues[0]?.message ?? 'Invalid token', 'VALIDATION', zodItems(token.error));
    const staff = staffOf(res);
    await app.sql.transaction(async (tx) => {
      await writeServiceKey(tx, name.data, token.data);
      // The history says who changed a key and why, never the secret itself.
      await recordVersion(tx, {
        collection: 'service_keys',
        key: name.data,
        data: { changed: true },
        staffId: staff.id,
        staffEmail: staff.email,
        reason: body.data.reason,
        at: app.now(),
      });
    });
    res.json(await record(name.data));
  });
  return router;
}

/** The public keys for `/items/tokens`, beside the configured reCAPTCHA site key. */
export async function publicServiceKeys(app: AppContext): Promise<Array<{ name: string; token: string }>> {
  const keys = await readServiceKeys(app.sql);
  return SERVICE_KEY_NAMES.filter((n) => isPublicKey(n) && keys[n]).map((n) => ({ name: n, token: keys[n]! }));
}

documentRoute({
  method: 'get',
  path: '/api/admin/service-keys',
  tag: 'staff',
  auth: 'staff',
  summary: 'Service keys (admins only)',
  response: z.array(serviceKeySchema),
  errors: [401, 403],
});
documentRoute({
  method: 'put',
  path: '/api/admin/service-keys/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'Set a service key (admins only; the history records who and why, never the value)',
  body: serviceKeyChangeSchema,
  response: serviceKeySchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/admin/service-keys/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One service key with its version history (admins only)',
  response: serviceKeyDetailSchema,
  errors: [401, 403, 404],
});
