import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { memberControlsSchema, type MemberControls, type PauseBilling, type PauseLength } from '@roar/contracts/member-controls';

const LOAD_ERROR = 'Could not load your limits. Try again.';

/** `GET /api/member-controls`: the limit, what is left this month, any break or self-exclusion. */
export async function fetchControls(): Promise<ApiResult<MemberControls>> {
  const r = await memberRequest('/api/member-controls', { schema: memberControlsSchema });
  return r.ok ? r : { ...r, error: LOAD_ERROR };
}

/** `PUT /api/member-controls/limit`: lower applies at once, higher after 24 hours. */
export async function setMonthlyLimit(cents: number | null): Promise<ApiResult<MemberControls>> {
  return memberRequest('/api/member-controls/limit', { method: 'PUT', body: { monthly_limit_cents: cents }, schema: memberControlsSchema });
}

/** `POST /api/member-controls/pause`: a break or self-exclusion; it cannot be ended early. */
export async function startPause(length: PauseLength, billing: PauseBilling): Promise<ApiResult<MemberControls>> {
  return memberRequest('/api/member-controls/pause', { method: 'POST', body: { length, billing }, schema: memberControlsSchema });
}
