import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { MY_DATA_PREPARING, myDataFormatSchema } from '@roar/contracts/my-data';
import { MemberDataExportDownloaded, MemberDataExportPrepared, MemberDataRequested, myDataStreamId } from '@roar/domain';
import { toNewEvents } from '@roar/platform';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { errorBody } from '../http/errors';
import { memberCommandContext } from '../kernel/context';
import { uploadsStorage } from '../storage';
import { collectMyData } from './collect';
import { verifyMyDataLink } from './link';
import { myDataZip } from './zip';

export { myDataZip } from './zip';

export const MY_DATA_LINK_INVALID = 'This download link is not valid. Ask for your data again from your profile.';
export const MY_DATA_LINK_EXPIRED = 'This download link has expired. Ask for your data again from your profile and we will email you a new link.';

/** Issue 23 (APP 12): the member's own data, as JSON or a zip; every request is logged first. */
export function createMyDataRouter(app: AppContext): Router {
  const router = Router();
  router.get('/api/my-data', requireMember(app), async (req, res) => {
    const format = myDataFormatSchema.safeParse(req.query.format ?? 'json');
    if (!format.success) return void res.status(400).json({ error: 'Choose json or zip.' });
    const { memberId } = memberOf(res);
    const now = app.now();
    const data = await collectMyData(app, memberId, now);
    // A large file is prepared by a job (the reactor of this event) and emailed as a link that expires.
    const large = format.data === 'zip' && Buffer.byteLength(JSON.stringify(data)) > app.config.MY_DATA_JOB_THRESHOLD_BYTES;
    const requested = { memberId, format: format.data, at: now.toISOString(), ...(large ? { exportId: randomUUID() } : {}) };
    const event = { type: MemberDataRequested.type, data: requested };
    await app.store.append(myDataStreamId(memberId), toNewEvents(app.registry, [event], memberCommandContext(memberId, req, now)), 'any');
    if (large) return void res.status(202).json({ message: MY_DATA_PREPARING });
    if (format.data === 'json') return void res.json(data);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(myDataZip(data));
  });

  /** The emailed link to a prepared zip: the token is the authorisation; each download is logged. */
  router.get('/api/my-data/download/:token', async (req, res) => {
    const link = verifyMyDataLink(app.jwtSecret, req.params.token);
    if (!link) return void res.status(404).json(errorBody({ message: MY_DATA_LINK_INVALID }));
    const now = app.now();
    if (now.getTime() >= new Date(link.expiresAt).getTime()) return void res.status(410).json(errorBody({ message: MY_DATA_LINK_EXPIRED }));
    const stream = myDataStreamId(link.memberId);
    const prepared = (await app.store.readStream(stream)).find(
      (e) => e.type === MemberDataExportPrepared.type && (e.data as { exportId?: unknown }).exportId === link.exportId,
    );
    const key = prepared ? (prepared.data as { storageKey?: unknown }).storageKey : undefined;
    const file = typeof key === 'string' ? await uploadsStorage(app).get(key) : null;
    if (!file) return void res.status(410).json(errorBody({ message: MY_DATA_LINK_EXPIRED }));
    const event = { type: MemberDataExportDownloaded.type, data: { memberId: link.memberId, exportId: link.exportId, at: now.toISOString() } };
    await app.store.append(stream, toNewEvents(app.registry, [event], memberCommandContext(link.memberId, req, now)), 'any');
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${(prepared?.recordedAt ?? now.toISOString()).slice(0, 10)}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(file.data);
  });
  return router;
}
