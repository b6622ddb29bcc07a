import { cashbackOverviewAnswerSchema, memberClaimAnswerSchema, type CashbackOverview, type MemberClaim } from '@roar/contracts/cashback';
import { errorBodySchema } from '@roar/contracts/http';
import { GENERIC_ERROR, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { tokens } from '../../lib/tokens';
import { REQUEST_TIMEOUT_MS } from '../../config/site';

export type { CashbackOverview, MemberClaim as Claim } from '@roar/contracts/cashback';

export async function fetchCashback(): Promise<ApiResult<CashbackOverview>> {
  const result = await memberRequest('/api/cashback', { schema: cashbackOverviewAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/cashback/claims` as multipart form data (the receipt is a file); the server's message on refusal. */
export async function submitClaim(form: FormData): Promise<ApiResult<MemberClaim>> {
  const token = await tokens.accessToken();
  if (!token) return { ok: false, status: 401, error: GENERIC_ERROR };
  try {
    const r = await fetch('/api/cashback/claims', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 4),
    });
    const body: unknown = await r.json().catch(() => null);
    if (r.status === 201) {
      const parsed = memberClaimAnswerSchema.safeParse(body);
      return parsed.success ? { ok: true, data: parsed.data.data } : { ok: false, status: r.status, error: GENERIC_ERROR };
    }
    const error = errorBodySchema.safeParse(body);
    return { ok: false, status: r.status, error: error.success && error.data.errors[0] ? error.data.errors[0].message : GENERIC_ERROR };
  } catch {
    return { ok: false, status: null, error: GENERIC_ERROR };
  }
}
