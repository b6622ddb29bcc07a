import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePlan, UPGRADE_ERROR } from './plans';
import { tokens } from './tokens';

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('changePlan', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a refusal's own sentence (a limit, a break, the entry age), so the member learns what is left", async () => {
    vi.spyOn(tokens, 'accessToken').mockResolvedValue('token');
    const sentence = 'Your monthly limit is $0. This purchase would go over it. You can spend $0 more on draws this month.';
    answer(403, { status: 'error', result: null, error: sentence });
    expect(await changePlan(2, true)).toEqual({ ok: false, error: sentence });
  });

  it("keeps the spec's sentence for any other failure", async () => {
    vi.spyOn(tokens, 'accessToken').mockResolvedValue('token');
    answer(400, { status: 'error', result: null, error: 'Invalid membership_id' });
    expect(await changePlan(2, true)).toEqual({ ok: false, error: UPGRADE_ERROR });
  });
});
