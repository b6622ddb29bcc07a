import { randomInt } from 'node:crypto';
import type { TestApi } from '../../test/setup';
import { ensureStaffUser, migrateStaffAuth } from '../auth/staff';
import { checkTotp, startEnrolment, totpCode, totpStep } from '../auth/staff-two-factor';
import { totpKey } from '../auth/staff-second-step';

export type StaffRoleName = 'admin' | 'staff' | 'auditor';
export interface StaffLogin {
  readonly token: string;
  readonly id: string;
  readonly email: string;
  readonly password: string;
  /** The TOTP secret the user enrolled with (admins always enrol): tests compute codes from it. */
  readonly totpSecret: string | null;
}

const PASSWORD = 'correct horse battery';

/**
 * Nine random digits, for test addresses: the password policy refuses a password holding a run of
 * three letters or more of the address, so random letters ("hor", "bat"...) failed one sign-up in a
 * few hundred; digits are never such a run.
 */
export const randomDigits = (): string => String(randomInt(1_000_000_000)).padStart(9, '0');

/** Test helper: one signed-in staff user per role, and a fetch against `/api/admin` with a token. */
export async function signInStaff(api: TestApi): Promise<Record<StaffRoleName, StaffLogin>> {
  await migrateStaffAuth(api.ctx.sql);
  const out: Partial<Record<StaffRoleName, StaffLogin>> = {};
  for (const role of ['admin', 'staff', 'auditor'] as const) {
    // Digits only: a run of letters in the address could spell part of the password, which the policy refuses.
    const email = `${role}-${randomDigits()}@example.test`;
    const user = await ensureStaffUser(api.ctx.sql, { email, password: PASSWORD, role, name: `The ${role}` });
    const session = await staffSignIn(api.url, { email, password: PASSWORD }, api.ctx.now);
    out[role] = { token: session.token, id: user.id, email, password: PASSWORD, totpSecret: session.totpSecret };
  }
  return out as Record<StaffRoleName, StaffLogin>;
}

/**
 * The TOTP secret of each staff user the helpers enrolled, by email, and the last step each used.
 * By email, not by server: a restarted server (new port, same data) still knows its staff users.
 */
const enrolled = new Map<string, { secret: string; lastStep: number }>();

export function rememberTwoFactor(email: string, secret: string, at: Date): void {
  enrolled.set(email.toLowerCase(), { secret, lastStep: totpStep(at) });
}

export function rememberedTotpSecret(email: string): string | null {
  return enrolled.get(email.toLowerCase())?.secret ?? null;
}

/**
 * The code to type for the staff user now: the current step's, or the next one's when the current
 * one was used already (a code works once, RFC 6238 5.2; the server takes one step ahead). A third
 * sign-in within one 30-second step has no code left: `wait` waits for the clock to reach the next
 * step (browser tests on the real clock), otherwise it throws.
 */
export async function nextTotpCode(email: string, now: () => Date, options: { wait?: boolean } = {}): Promise<string> {
  const known = enrolled.get(email.toLowerCase());
  if (!known) throw new Error(`staff sign-in: ${email} enrolled a second factor outside these helpers`);
  const step = Math.max(totpStep(now()), known.lastStep + 1);
  while (step > totpStep(now()) + 1) {
    if (!options.wait) throw new Error(`staff sign-in: ${email} signed in three times within 30 seconds`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  known.lastStep = step;
  return totpCode(known.secret, new Date(step * 30_000));
}

/**
 * Signs a staff user in through the API as the console does: the password, then the second step.
 * A user who must enrol enrols (the secret is kept here for later sign-ins); an enrolled one types
 * the next code (`nextTotpCode`). `now` is the API's clock.
 */
export async function staffSignIn(
  baseUrl: string,
  who: { email: string; password: string },
  now: () => Date = () => new Date(),
  options: { wait?: boolean } = {},
): Promise<{ token: string; totpSecret: string | null }> {
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const r = await fetch(`${baseUrl}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as Record<string, unknown>;
    if (r.status !== 200) throw new Error(`staff sign-in ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const first = await post('/auth/login', who);
  if (typeof first.token === 'string') return { token: first.token, totpSecret: rememberedTotpSecret(who.email) };
  const challenge = String(first.challenge);
  if (first.two_factor === 'enrol') {
    const { secret } = (await post('/auth/two-factor/enrol', { challenge })) as { secret: string };
    const at = now();
    const done = await post('/auth/two-factor/confirm', { challenge, code: totpCode(secret, at) });
    rememberTwoFactor(who.email, secret, at);
    return { token: String(done.token), totpSecret: secret };
  }
  const done = await post('/auth/two-factor/verify', { challenge, code: await nextTotpCode(who.email, now, options) });
  return { token: String(done.token), totpSecret: rememberedTotpSecret(who.email) };
}

/**
 * Enrols a staff user's second factor straight in the auth tables, without the enrolment event:
 * for a test whose event store is down from the start. Later `staffSignIn` calls know the secret.
 */
export async function enrolTwoFactorDirectly(api: TestApi, staffId: string, email: string): Promise<string> {
  const secret = await startEnrolment(api.ctx.sql, totpKey(api.ctx), staffId);
  const at = api.ctx.now();
  const check = await checkTotp(api.ctx.sql, totpKey(api.ctx), staffId, totpCode(secret, at), at, { confirm: true });
  if (!check.ok) throw new Error(`enrolling ${email}: ${check.reason}`);
  rememberTwoFactor(email, secret, at);
  return secret;
}

export function adminFetch(api: TestApi, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${api.url}/api/admin${path}`, { ...init, headers });
}

/**
 * Switches four-eyes approval off as a club would: the admin asks with a reason; with a second
 * staff user to ask, that change is itself held, and the staff user approves it.
 */
export async function switchOffFourEyes(api: TestApi, staff: Record<StaffRoleName, StaffLogin>): Promise<void> {
  const r = await adminFetch(api, '/staff-security', {
    method: 'PUT',
    token: staff.admin.token,
    body: JSON.stringify({ four_eyes: false, reason: 'Tests run as one staff user' }),
  });
  if (r.status === 200) return;
  const body = (await r.json()) as { approval?: { id: string } };
  if (r.status !== 202 || !body.approval) throw new Error(`switching four-eyes off: ${r.status} ${JSON.stringify(body)}`);
  const approved = await adminFetch(api, `/approvals/${body.approval.id}/approve`, { method: 'POST', token: staff.staff.token, body: '{}' });
  const done = (await approved.json()) as { status?: string };
  if (done.status !== 'carried_out') throw new Error(`switching four-eyes off: ${approved.status} ${JSON.stringify(done)}`);
}
