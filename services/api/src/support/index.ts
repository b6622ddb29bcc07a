import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { supportRequestAnswerSchema, supportRequestDetailSchema, supportRequestRecordSchema } from '@roar/contracts/support';
import { supportRequestDecider, supportRequestStreamId, supportTopicSchema, text, type SupportCommand } from '@roar/domain';
import { DomainError, handleCommand, type CommandContext } from '@roar/platform';
import {
  countOpenSupportRequests,
  getMember,
  getSupportRequest,
  searchSupportRequests,
  SUPPORT_REQUEST_SORT_FIELDS,
  type SupportRequestRow,
} from '@roar/projections';
import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import { bearerToken, verifyMemberToken } from '../auth/member';
import { requireStaff, WRITER_ROLES } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { registerWaitingCounter } from '../staff-kit/waiting-counters';
import { historyOf } from '../staff-kit/history';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { documentRoute } from '../http/openapi';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';

export const supportRequestSchema = z
  .object({
    name: text().trim().min(1, 'Enter your name').max(120),
    email: z.email('Please enter a valid email').max(254),
    topic: supportTopicSchema,
    message: text().trim().min(10, 'Tell us a little more: at least 10 characters').max(5000, 'Keep the message under 5,000 characters'),
    recaptcha_token: z.string().max(4000).optional(),
  })
  .strict();
export const replySchema = z.object({ body: text().trim().min(2, 'Write the answer to send').max(5000) }).strict();
const idParams = z.object({ id: z.string().uuid('Not found.') });
const listFilter = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    status: oneOrMany(z.enum(['open', 'answered', 'closed'])).optional(),
    topic: supportTopicSchema.optional(),
    member_id: z.string().max(100).optional(),
    q: z.string().max(200).optional(),
  })
  .strict();

const visitorContext = (memberId: string | null, now: Date): CommandContext => ({
  actor: memberId ? { type: 'member', id: memberId } : { type: 'system', id: 'contact-form' },
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: now,
});

/**
 * The contact form (issue 20, defect 21): a support request is an event, tied to the member when they
 * were signed in; staff list, answer (the email goes out from the answer event, through a reactor)
 * and close them under Support requests.
 */
export function createSupportModule(app: AppContext, ports: MembersPorts): Router {
  registerWaitingCounter({
    name: 'Support requests to answer',
    count: countOpenSupportRequests,
  });
  const router = Router();

  router.post('/api/support-requests', async (req, res) => {
    const body = parseBody(supportRequestSchema, req);
    const captcha = await ports.recaptcha.verify(body.recaptcha_token, req.ip);
    if (!captcha.ok) throw new HttpError(400, 'Please confirm you are not a robot.', 'RECAPTCHA');
    // Signed in: the request is the member's (a bad or expired token is refused, never silently anonymous).
    const token = bearerToken(req.get('authorization'));
    const principal = token ? await verifyMemberToken(app, token) : null;
    if (token && !principal) throw new HttpError(401, 'Unauthorized', 'UNAUTHORIZED');
    const memberId = principal?.memberId ?? null;
    const requestId = randomUUID();
    const now = app.now();
    const out = await handleCommand(
      app.store,
      app.registry,
      supportRequestStreamId(requestId),
      supportRequestDecider,
      {
        type: 'SubmitSupportRequest',
        requestId,
        memberId,
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        submittedAt: now.toISOString(),
      },
      visitorContext(memberId, now),
      { mustBeNew: true },
    );
    if (out.appended) await app.projections.waitFor(out.appended.position, app.config.PROJECTION_WAIT_MS);
    res.status(201).json({ data: { id: requestId, member_id: memberId } });
  });

  const readers = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);
  const load = (id: string): Promise<SupportRequestRow | null> => getSupportRequest(app.sql, id);
  const withMember = async (r: SupportRequestRow) => {
    const m = r.member_id ? await getMember(app.sql, r.member_id) : null;
    return { ...r, member_name: m ? `${m.firstname} ${m.lastname}`.trim() : null };
  };

  router.get('/api/admin/support-requests', readers, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: SUPPORT_REQUEST_SORT_FIELDS,
      defaultSort: { field: 'submitted_at', order: 'DESC' },
      filter: listFilter,
    });
    const { offset, limit } = pageOf(q.range, 500);
    const found = await searchSupportRequests(app.sql, {
      ids: q.filter.id,
      status: q.filter.status,
      topic: q.filter.topic,
      memberId: q.filter.member_id,
      q: q.filter.q,
      sort: q.sort.field,
      order: q.sort.order,
      offset,
      limit,
    });
    const records = await Promise.all(found.records.map(withMember));
    sendList(res, 'support-requests', records, offset, found.total);
  });

  const requestOr404 = async (req: Request): Promise<SupportRequestRow> => {
    const parsed = idParams.safeParse(req.params);
    const found = parsed.success ? await load(parsed.data.id) : null;
    if (!found) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return found;
  };

  router.get('/api/admin/support-requests/:id', readers, async (req, res) => {
    const found = await requestOr404(req);
    res.json({ ...(await withMember(found)), events: await historyOf(app.sql, [supportRequestStreamId(found.id)]) });
  });

  const act = async (req: Request, res: Response, command: SupportCommand, reason: string) => {
    const found = await requestOr404(req);
    try {
      const out = await handleCommand(
        app.store,
        app.registry,
        supportRequestStreamId(found.id),
        supportRequestDecider,
        command,
        staffCommandContext(app, req, res, reason),
      );
      if (out.appended) await app.projections.waitFor(out.appended.position, app.config.PROJECTION_WAIT_MS);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') throw new HttpError(409, error.message, 'CONFLICT');
      if (error instanceof DomainError && error.code === 'invalid') throw new HttpError(400, error.message, 'INVALID');
      throw error;
    }
    res.json(await withMember((await load(found.id)) ?? found));
  };
  router.post('/api/admin/support-requests/:id/reply', writers, async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().max(100) }), req);
    const { body } = parseBody(replySchema, req);
    await act(
      req,
      res,
      { type: 'AnswerSupportRequest', requestId: id, replyId: randomUUID(), body, at: app.now().toISOString() },
      'Answered by email',
    );
  });
  router.post('/api/admin/support-requests/:id/close', writers, async (req, res) => {
    await act(req, res, { type: 'CloseSupportRequest', requestId: String(req.params.id), at: app.now().toISOString() }, 'Closed');
  });
  router.post('/api/admin/support-requests/:id/reopen', writers, async (req, res) => {
    await act(req, res, { type: 'ReopenSupportRequest', requestId: String(req.params.id), at: app.now().toISOString() }, 'Reopened');
  });
  return router;
}

const supportRecord = supportRequestRecordSchema;
documentRoute({
  method: 'post',
  path: '/api/support-requests',
  tag: 'content',
  summary: 'The contact form: a support request (recaptcha), tied to the member when a bearer token is sent',
  body: supportRequestSchema,
  status: 201,
  response: supportRequestAnswerSchema,
  errors: [400, 401],
});
documentRoute({
  method: 'get',
  path: '/api/admin/support-requests',
  tag: 'staff',
  auth: 'staff',
  summary: 'Support requests from the contact form, newest first (status, topic, member, text search)',
  response: z.array(supportRecord),
  errors: [400, 401],
});
documentRoute({
  method: 'get',
  path: '/api/admin/support-requests/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One support request with its replies and history',
  response: supportRequestDetailSchema,
  errors: [401, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/support-requests/:id/reply',
  tag: 'staff',
  auth: 'staff',
  summary: 'Answer by email (sent from the SupportRequestAnswered event); the request shows as answered',
  body: replySchema,
  response: supportRecord,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/support-requests/:id/close',
  tag: 'staff',
  auth: 'staff',
  summary: 'Close a support request',
  response: supportRecord,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/support-requests/:id/reopen',
  tag: 'staff',
  auth: 'staff',
  summary: 'Reopen a closed support request',
  response: supportRecord,
  errors: [401, 403, 404],
});
