import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { listSentMail, type SentMail } from '@roar/workers';

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
export async function signUpMember(
  baseUrl: string,
  options: { email: string; membershipId: number; firstName?: string; lastName?: string; password?: string; state?: string },
): Promise<SignedUp> {
  const password = options.password ?? 'correct-horse-1';
  const r = await fetch(`${baseUrl}/api/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: options.firstName ?? 'Jane',
      last_name: options.lastName ?? 'Citizen',
      email: options.email,
      password,
      membership_id: options.membershipId,
      recaptcha_token: 'local-test-token',
      state: options.state ?? 'NSW',
      dob: '1990-01-01',
    }),
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
  // The webhook is delivered asynchronously: wait until the plan shows and, for a subscription,
  // until it is active, so that a test never starts on a member whose payment is still in flight.
  let user: Record<string, unknown> = {};
  let subscription: { status?: string } | null = null;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const me = (await (await fetch(`${baseUrl}/api/current-user`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as {
      user: Record<string, unknown>;
      subscription: { status?: string } | null;
    };
    user = me.user;
    subscription = me.subscription;
    if (user.membership_id === options.membershipId && (subscription === null || subscription.status === 'active')) break;
    if (Date.now() > deadline) {
      throw new Error(
        `${options.email}: membership ${options.membershipId} not active after 30 s (membership_id ${String(user.membership_id)}, subscription ${subscription?.status ?? 'none'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { email: options.email, password, access_token: session.access_token, refresh_token: session.refresh_token, expires: session.expires, user };
}

/**
 * Opens the desktop avatar menu (it opens on hover) and waits for `item` in it. A hover that lands
 * while the header is still re-rendering can be lost, so it moves away and hovers again until the
 * item shows, rather than reading the menu once.
 */
export async function openAvatarMenu(page: Page, accountName: string | RegExp, item: string): Promise<Locator> {
  const button = page.getByRole('button', { name: typeof accountName === 'string' ? `Account menu for ${accountName}` : accountName });
  const menu = page.getByRole('menu', { name: 'Account' });
  for (let attempt = 1; ; attempt++) {
    await button.hover();
    try {
      await menu.getByText(item, { exact: true }).waitFor({ timeout: 3_000 });
      return menu;
    } catch (error) {
      if (attempt >= 8) throw error;
      await page.mouse.move(0, 0);
      await page.waitForTimeout(500);
    }
  }
}

/**
 * Waits until the member's ledger (/dashboard/total-entries) has a row holding `shows` (and, when
 * given, from `source`), reloading the page between reads: grants are written by the payment
 * process and the projector after the member's own request has answered.
 */
export async function expectLedgerRow(page: Page, baseUrl: string, row: { shows: string; source?: string }): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl}/dashboard/total-entries`);
        const found = page.locator('tr', { hasText: row.source ?? row.shows }).first();
        const shown = await found.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        return shown ? (await found.innerText()).replace(/\s+/g, ' ') : '';
      },
      { timeout: 40_000, interval: 500 },
    )
    .toContain(row.shows);
}

/** The first mail written to the app's local outbox that `match` accepts, waiting up to 30 s for the job queue to send it. */
export async function waitForMail(dataDir: string, match: (mail: SentMail) => boolean, what: string): Promise<SentMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await listSentMail(dataDir)).find(match);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${what} in the outbox after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
