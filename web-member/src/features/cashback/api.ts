import { z } from 'zod';
import { GENERIC_ERROR, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { tokens } from '../../lib/tokens';
import { REQUEST_TIMEOUT_MS } from '../../config/site';

export const claimSchema = z.object({
  id: z.string(),
  course: z.string(),
  played_on: z.string(),
  amount: z.number(),
  payout: z.number().nullable(),
  status: z.enum(['submitted', 'approved', 'declined', 'paid', 'reversed']),
  overdue: z.boolean(),
  decline_reason: z.string().nullable(),
  submitted_at: z.string(),
  decision_due_by: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

const overviewSchema = z.object({ data: z.object({ maximum: z.number(), decision_days: z.number(), claimed_this_month: z.boolean(), claims: z.array(claimSchema) }) });
export type CashbackOverview = z.infer<typeof overviewSchema>['data'];

export async function fetchCashback(): Promise<ApiResult<CashbackOverview>> {
  const result = await memberRequest('/api/cashback', { schema: overviewSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

const errorBody = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });

/** `POST /api/cashback/claims` as multipart form data (the receipt is a file); the server's message on refusal. */
export async function submitClaim(form: FormData): Promise<ApiResult<Claim>> {
  const token = await tokens.accessToken();
  if (!token) return { ok: false, status: 401, error: GENERIC_ERROR };
  try {
    const r = await fetch('/api/cashback/claims', { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 4) });
    const body: unknown = await r.json().catch(() => null);
    if (r.status === 201) {
      const parsed = z.object({ data: claimSchema }).safeParse(body);
      return parsed.success ? { ok: true, data: parsed.data.data } : { ok: false, status: r.status, error: GENERIC_ERROR };
    }
    const error = errorBody.safeParse(body);
    return { ok: false, status: r.status, error: error.success ? error.data.errors[0]!.message : GENERIC_ERROR };
  } catch {
    return { ok: false, status: null, error: GENERIC_ERROR };
  }
}
