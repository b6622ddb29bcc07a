import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';

/**
 * Issue 19, "Passwords people cannot guess", as a member sees it: the password field says as they
 * type whether the password will do and why not, in the same words the server uses
 * (services/api/test/password-policy.test.ts), and the checker's dictionaries load only on a
 * password form. PASSWORD_SCREENSHOTS=<folder> keeps pictures at 390, 820 and 1440 px.
 */
const COMMON = 'This is a commonly used password. Add a few more words that are not common.';
const PERSONAL = 'Do not build your password from your name or email address.';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const feedback = (page: Page) => page.locator('.password-feedback');

describe('password feedback', () => {
  it('tells a visitor signing up why a password would be refused, as they type, and loads the checker only then', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${app.url}/sign-up`);
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Citizen');
    await page.getByLabel('Email').fill('jane.citizen@example.com');
    await expect.poll(() => feedback(page).textContent()).toContain('At least 8 characters');
    expect(scripts.filter((url) => url.includes('password-check'))).toEqual([]);

    const password = page.getByLabel('Password');
    await password.fill('qwertyui');
    await expect.poll(() => feedback(page).textContent()).toBe(COMMON);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(scripts.filter((url) => url.includes('password-check')).length).toBe(1);
    await password.fill('Citizen-2026!');
    await expect.poll(() => feedback(page).textContent()).toBe(PERSONAL);
    await password.fill('short');
    await expect.poll(() => feedback(page).textContent()).toBe('Use at least 8 characters.');
    // Submitting anyway shows the same reason and sends nothing.
    await page.getByLabel('Membership').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').getByText('Use at least 8 characters.').waitFor();
    await password.fill('violet anchor meadow');
    await expect.poll(() => feedback(page).textContent()).toMatch(/strong: this password will do\.$/i);
    // The refusal above answered the old password: it goes once the member types again.
    await page.getByRole('alert').waitFor({ state: 'detached' });
    expect(await password.getAttribute('aria-invalid')).toBeNull();

    const shots = process.env.PASSWORD_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [390, 820, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, typed, expected] of [
          ['weak', 'qwertyui', COMMON],
          ['strong', 'violet anchor meadow', 'this password will do'],
        ] as const) {
          await password.fill(typed);
          await expect.poll(() => feedback(page).textContent()).toContain(expected);
          await password.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${shots}/sign-up-${name}-${width}.png`, fullPage: true });
        }
      }
    }
    await page.close();
  });

  it("refuses a member's own name on the settings password page, with the reason", async () => {
    const member = await signUpMember(app.url, { email: 'pat.kettering@example.com', membershipId: 1, firstName: 'Pat' });
    const page = await browser.newPage({ viewport: { width: 820, height: 900 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${app.url}/dashboard/settings/password-and-security`);
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('kettering-lamp-9');
    await expect.poll(() => feedback(page).textContent()).toBe(PERSONAL);
    const shots = process.env.PASSWORD_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/settings-personal-820.png`, fullPage: true });
    await page.getByLabel('New password', { exact: true }).fill('violet anchor meadow');
    await page.getByLabel('Confirm new password').fill('violet anchor meadow');
    await expect.poll(() => feedback(page).textContent()).toContain('this password will do');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password has been updated.').waitFor();
    await page.close();
  });
});
