import { uploadedDocumentSchema } from '@roar/contracts/compliance';
import { listQuerySchema } from '@roar/contracts/http';
import { awardPrizeBodySchema, declineClaimBodySchema, prizeClaimSchema, verifyClaimBodySchema } from '@roar/contracts/prize-claims';
import { documentRoute, type RouteDoc } from '../http/openapi';

/** The staff claim walk (issue 22) and the compliance document uploads in the OpenAPI document. */
const staff = (doc: Omit<RouteDoc, 'tag' | 'auth'>) => documentRoute({ tag: 'staff', auth: 'staff', ...doc });

staff({
  method: 'get',
  path: '/api/admin/prize-claims',
  summary: "Every drawn prize's claim: state, winner, claim-by date, days left and the step waiting on staff; filter by id, claim_state, waiting",
  query: listQuerySchema,
  response: prizeClaimSchema.array(),
  errors: [400, 401],
});
staff({ method: 'get', path: '/api/admin/prize-claims/:id', summary: "One prize's current claim", response: prizeClaimSchema, errors: [401, 404] });
staff({
  method: 'post',
  path: '/api/admin/prize-claims/documents',
  summary:
    "Upload a winner's identity document (admin, staff): PDF, PNG or JPEG by its bytes, at most 10 MB, kept privately; answers its storage key",
  status: 201,
  response: uploadedDocumentSchema,
  errors: [400, 401, 403, 413],
});
staff({
  method: 'post',
  path: '/api/admin/permits/documents',
  summary: "Upload a permit's document (admin): PDF, PNG or JPEG by its bytes, at most 10 MB, kept privately; answers its storage key",
  status: 201,
  response: uploadedDocumentSchema,
  errors: [400, 401, 403, 413],
});
staff({
  method: 'post',
  path: '/api/admin/prizes/:id/verify-claim',
  summary: "Record that staff saw the winner's identity and age (who and when are kept with the event); a document only by its storage key",
  body: verifyClaimBodySchema,
  response: prizeClaimSchema,
  errors: [400, 401, 403, 404, 409],
});
staff({
  method: 'post',
  path: '/api/admin/prizes/:id/award',
  summary: 'Award a verified prize with its evidence: a delivery note or a transfer reference',
  body: awardPrizeBodySchema,
  response: prizeClaimSchema,
  errors: [400, 401, 403, 404, 409],
});
staff({
  method: 'post',
  path: '/api/admin/prizes/:id/decline-claim',
  summary: 'Record that the winner declined the prize, with the reason; it is redrawn from now',
  body: declineClaimBodySchema,
  response: prizeClaimSchema,
  errors: [400, 401, 403, 404, 409],
});
