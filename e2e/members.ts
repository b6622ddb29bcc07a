import { expect } from 'vitest';

export interface SignedUp {
  readonly email: string;
  readonly password: string;
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires: number;
  readonly user: Record<string, unknown>;
}

/**
 * A member made the way a visitor makes one, over the real API: sign up for a plan and, for a
 * paid plan, pay on the hosted test-mode checkout page with Stripe's succeeding test card.
 */
export async function signUpMember(baseUrl: string, options: { email: string; membershipId: number; firstName?: string; password?: string }): Promise<SignedUp> {
  const password = options.password ?? 'correct-horse-1';
  const r = await fetch(`${baseUrl}/api/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: options.firstName ?? 'Jane', last_name: 'Citizen', email: options.email, password, membership_id: options.membershipId, recaptcha_token: 'local-test-token' }),
  });
  expect(r.status).toBe(201);
  const session = (await r.json()) as { access_token: string; refresh_token: string; expires: number; redirect_url: string };
  if (session.redirect_url.includes('/pay/checkout/')) {
    const paid = await fetch(session.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    expect(paid.status).toBe(303);
  }
  // The webhook is delivered asynchronously: wait until the plan shows.
  let user: Record<string, unknown> = {};
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${baseUrl}/api/current-user`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as { user: Record<string, unknown> };
    user = me.user;
    if (user.membership_id === options.membershipId) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { email: options.email, password, access_token: session.access_token, refresh_token: session.refresh_token, expires: session.expires, user };
}
