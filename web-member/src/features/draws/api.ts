import { z } from 'zod';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { DRAWS_ERROR, prizeSchema } from '../../lib/prizes';

export const userDrawSchema = z.object({
  prize: prizeSchema,
  entries: z.number(),
  tickets: z.string().default(''),
  eligible: z.boolean(),
  reason: z.string().nullable().default(null),
  status: z.string(),
  won: z.boolean().default(false),
  claimed: z.boolean().default(false),
});
export type UserDraw = z.infer<typeof userDrawSchema>;

/** The states a published result may name after the winner's initials ("J.S., NSW"). */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

/** `GET /api/user-draws`: per draw, the member's entries and tickets; any failure reads 'Error getting draws.'. */
export async function fetchUserDraws(): Promise<ApiResult<UserDraw[]>> {
  const result = await memberRequest('/api/user-draws', { schema: z.object({ data: z.array(userDrawSchema) }) });
  return result.ok ? { ok: true, data: result.data.data } : { ...result, error: DRAWS_ERROR };
}

/** `POST /api/claim-prize`: the server's own error text on refusal. */
export async function claimPrize(prizeId: string | number, state: AuState | null = null): Promise<ApiResult<{ claimed: boolean }>> {
  const result = await memberRequest('/api/claim-prize', {
    method: 'POST',
    body: state ? { prize_id: prizeId, state } : { prize_id: prizeId },
    schema: z.object({ data: z.object({ claimed: z.boolean() }) }),
    serverError: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
