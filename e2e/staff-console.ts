import type { Page } from 'playwright-core';
import { nextTotpCode, rememberTwoFactor, staffSignIn } from '../services/api/src/admin/test-staff';
import { totpCode } from '../services/api/src/auth/staff-two-factor';

/** The first admin the harness creates (its STAFF_EMAIL / STAFF_PASSWORD). */
export const BOOTSTRAP_ADMIN = { email: 'admin@roarplus.test', password: 'staff-password-1' } as const;

/**
 * The staff console's second sign-in step, as a person does it: on the first sign-in of a role
 * that requires it, enrol (the set-up key shown beside the QR code is what the test's
 * "authenticator" keeps), then read the recovery codes and continue; later, type the code the
 * authenticator shows. Codes come from the kept secret (test-staff.ts), on the app's clock (`now`:
 * the real one unless a test moved the app's).
 */
export async function passSecondStep(page: Page, email: string, onEnrol?: () => Promise<void>, now: () => Date = () => new Date()): Promise<void> {
  const dashboard = page.getByRole('heading', { name: 'Draw calendar' });
  const enrol = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
  const verify = page.getByRole('heading', { name: 'Two-factor sign-in' });
  await dashboard.or(enrol).or(verify).first().waitFor();
  if (await enrol.isVisible()) {
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Set-up key').innerText()).replace(/\s+/g, '');
    await onEnrol?.();
    const at = now();
    rememberTwoFactor(email, secret, at);
    // The enrolment is confirmed with the current step's code, which becomes the last one used.
    await page.getByLabel('Authentication code').fill(totpCode(secret, at));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue to the console' }).click();
  } else if (await verify.isVisible()) {
    await page.getByLabel('Authentication code').fill(await nextTotpCode(email, now, { wait: true }));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/** Where the staff console keeps its session in the browser (web-admin/src/auth/session.ts). */
const TOKEN_KEY = 'roar-staff-token';
const USER_KEY = 'roar-staff-user';

/**
 * The last staff session each user got from these helpers, per app: a staff member who already
 * signed in keeps using that session, in the console and through the API, as long as the server
 * accepts it. Signing in again only to open a new browser context would type a fresh second-factor
 * code each time, and a code works once: the third sign-in within a 30-second step waits for the
 * next one (up to 30 s of a walk spent waiting, several times in some walks).
 */
const sessions = new Map<string, string>();
const sessionKey = (baseUrl: string, email: string) => `${baseUrl} ${email.toLowerCase()}`;

/** The staff user behind a kept session as the server sees it now (role included), or null once it has ended. */
async function keptSession(baseUrl: string, email: string): Promise<{ token: string; user: unknown } | null> {
  const token = sessions.get(sessionKey(baseUrl, email));
  if (!token) return null;
  const r = await fetch(`${baseUrl}/api/admin/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status === 200) return { token, user: await r.json() };
  sessions.delete(sessionKey(baseUrl, email));
  return null;
}

/**
 * Opens the staff console on `page` in the user's live session, when there is one (the console
 * reads it from the browser's storage, as after a reload): true once the page is on its way to the
 * console, false when the user has no session the server still accepts.
 */
async function resumeStaffSession(page: Page, baseUrl: string, email: string): Promise<boolean> {
  const kept = await keptSession(baseUrl, email);
  if (!kept) return false;
  await page.goto(`${baseUrl}/admin/login`);
  await page.evaluate(
    ([tokenKey, userKey, token, user]) => {
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(userKey, user);
    },
    [TOKEN_KEY, USER_KEY, kept.token, JSON.stringify(kept.user)] as const,
  );
  await page.goto(`${baseUrl}/admin`);
  return true;
}

/** Keeps the session the console on `page` is signed in with as the user's live session (`resumeStaffSession`, `staffApiToken`). */
export async function keepStaffSession(page: Page, baseUrl: string, email: string): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  if (token) sessions.set(sessionKey(baseUrl, email), token);
}

/** The user's live session token, or null when the server no longer accepts it (or there is none). */
async function keptStaffToken(baseUrl: string, email: string): Promise<string | null> {
  return (await keptSession(baseUrl, email))?.token ?? null;
}

/**
 * Signs a staff user (the bootstrap admin unless told) in to the staff console and waits for its
 * landing page, the dashboard; then, unless `stay` says so, opens the memberships list (where the
 * console used to land, and where the older walks start). A user with a live session from an
 * earlier sign-in continues it (the console reads it from the browser's storage, as after a
 * reload); otherwise the sign-in page, the password and the second step, as a person does it,
 * the code from the app's clock (`now`, the real one unless a test moved the app's).
 */
export async function signInStaffConsole(
  page: Page,
  baseUrl: string,
  staff: { email: string; password: string } = BOOTSTRAP_ADMIN,
  options: { stay?: 'dashboard'; now?: () => Date } = {},
): Promise<void> {
  if (!(await resumeStaffSession(page, baseUrl, staff.email))) {
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await passSecondStep(page, staff.email, undefined, options.now);
  }
  await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
  await keepStaffSession(page, baseUrl, staff.email);
  if (options.stay === 'dashboard') return;
  await page.getByRole('menuitem', { name: 'Memberships', exact: true }).click();
  await page.waitForURL(/\/admin\/memberships/);
}

/**
 * A staff token for the API, the bootstrap admin unless told: the user's live session when it has
 * one (`signInStaffConsole`), otherwise a sign-in (the password, then the second step, its code
 * from the app's clock `now`).
 */
export async function staffApiToken(
  baseUrl: string,
  staff: { email: string; password: string } = BOOTSTRAP_ADMIN,
  now: () => Date = () => new Date(),
): Promise<string> {
  const kept = await keptStaffToken(baseUrl, staff.email);
  if (kept) return kept;
  const { token } = await staffSignIn(baseUrl, staff, now, { wait: true });
  sessions.set(sessionKey(baseUrl, staff.email), token);
  return token;
}

/**
 * The bootstrap admin is the club's only staff user in these walks: it switches four-eyes approval
 * off with a reason, as a single-admin club does (an event, shown on the dashboard), so it can run
 * draws alone. The four-eyes walk itself is in staff-security.test.ts.
 */
export async function switchOffFourEyesAsSingleAdmin(baseUrl: string, token?: string): Promise<void> {
  const auth = token ?? (await staffApiToken(baseUrl));
  const r = await fetch(`${baseUrl}/api/admin/staff-security`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
    body: JSON.stringify({ four_eyes: false, reason: 'We are a single-admin club' }),
  });
  if (r.status !== 200) throw new Error(`switching four-eyes off: ${r.status} ${await r.text()}`);
}

/** One action of a prize's Draw tab: the button, a reason, Confirm; then waits for the next step's button. */
export async function drawAction(page: Page, label: string, next: string | null): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(`e2e: ${label.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  if (next) await page.getByRole('button', { name: next, exact: true }).waitFor();
}
