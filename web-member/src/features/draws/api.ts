import {
  claimPrizeAnswerSchema,
  declinePrizeAnswerSchema,
  drawTermsAnswerSchema,
  userDrawsAnswerSchema,
  type AuState,
  type DrawTermsAnswer,
  type UserDraw,
} from '@roar/contracts/prizes';
import {
  entryProofAnswerSchema,
  publicDrawVerificationAnswerSchema,
  type EntryProofAnswer,
  type PublicDrawVerification,
} from '@roar/contracts/draw-proofs';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { DRAWS_ERROR } from '../../lib/prizes';

export { AU_STATES, userDrawSchema, type AuState, type UserDraw } from '@roar/contracts/prizes';

/** `GET /api/user-draws`: per draw, the member's entries and tickets; any failure reads 'Error getting draws.'. */
export async function fetchUserDraws(): Promise<ApiResult<UserDraw[]>> {
  const result = await memberRequest('/api/user-draws', { schema: userDrawsAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : { ...result, error: DRAWS_ERROR };
}

/** `POST /api/claim-prize`: the server's own error text on refusal. */
export async function claimPrize(
  prizeId: string,
  state: AuState | null = null,
  delivery = '',
  publicationOptOut = false,
): Promise<ApiResult<{ claimed: boolean }>> {
  const result = await memberRequest('/api/claim-prize', {
    method: 'POST',
    body: {
      prize_id: prizeId,
      ...(state ? { state } : {}),
      ...(delivery.trim() ? { delivery: delivery.trim() } : {}),
      // Issue 22: honoured by the server only where the winner's state's rule allows it.
      ...(publicationOptOut ? { publication_opt_out: true } : {}),
    },
    schema: claimPrizeAnswerSchema,
    serverError: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/decline-prize` (issue 22): the winner gives the prize up; the server's own error text on refusal. */
export async function declinePrize(prizeId: string): Promise<ApiResult<{ declined: boolean }>> {
  const result = await memberRequest('/api/decline-prize', {
    method: 'POST',
    body: { prize_id: prizeId },
    schema: declinePrizeAnswerSchema,
    serverError: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /api/my-draws/{slug}/entry-proof` (issue 24): the member's entrants in the committed list with inclusion proofs. */
export async function fetchEntryProof(slug: string): Promise<ApiResult<EntryProofAnswer>> {
  const result = await memberRequest(`/api/my-draws/${encodeURIComponent(slug)}/entry-proof`, {
    schema: entryProofAnswerSchema,
    serverMessage: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export const TERMS_NOT_ISSUED = 'The terms of this draw have not been issued yet.';

/** `GET /api/prizes/{slug}/terms` (issue 22): the terms in force, version and HTML; null before any were issued. */
export async function fetchDrawTerms(slug: string): Promise<ApiResult<DrawTermsAnswer | null>> {
  const result = await apiRequest(`/api/prizes/${encodeURIComponent(slug)}/terms`, { schema: drawTermsAnswerSchema, serverMessage: true });
  if (!result.ok && result.status === 404) return { ok: true, data: null };
  return result;
}

/** `GET /api/draws/{slug}/verify` (issue 24, public): what the verify page recomputes. */
export async function fetchDrawVerification(slug: string): Promise<ApiResult<PublicDrawVerification>> {
  const result = await apiRequest(`/api/draws/${encodeURIComponent(slug)}/verify`, {
    schema: publicDrawVerificationAnswerSchema,
    serverMessage: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/**
 * `GET /api/draws/{slug}/verify/live` (issue 24): the verify answer again each time the draw moves
 * on (server-sent events), until a winner is drawn. Returns the unsubscribe.
 */
export function subscribeDrawVerification(slug: string, onDraw: (draw: PublicDrawVerification) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`/api/draws/${encodeURIComponent(slug)}/verify/live`);
  source.addEventListener('draw', (event) => {
    let parsed;
    try {
      parsed = publicDrawVerificationAnswerSchema.shape.data.safeParse(JSON.parse((event as MessageEvent<string>).data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    onDraw(parsed.data);
    if (parsed.data.revealed && parsed.data.winners.length > 0) source.close();
  });
  return () => source.close();
}
