import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@roar/platform';
import { LAUNCH_GUIDE, launchChecklist } from './launch-checklist';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
/** The anchors of a markdown page's `## ` headings, as GitHub (and the staff console's guide page) make them. */
const headingSlugs = (markdown: string) =>
  [...markdown.matchAll(/^## (.+)$/gm)].map((m) =>
    m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  );
const state = (checks: Awaited<ReturnType<typeof launchChecklist>>) => Object.fromEntries(checks.map((c) => [c.id, c.done]));
const noTwoFactor = () => Promise.resolve(false);

describe('before-you-sell checklist', () => {
  it('on a default install: no ABN, no public address, test-mode payments, mail to files, staff not all on two-factor', async () => {
    expect(state(await launchChecklist(loadConfig({}), noTwoFactor))).toEqual({
      abn: false,
      'public-address': false,
      'payment-keys': false,
      'mail-transport': false,
      'staff-two-factor': false,
    });
  });

  it('is done once the club set its ABN, an https address, live Stripe keys and SMTP; two-factor from its own check', async () => {
    const config = loadConfig({
      BUSINESS_ABN: '51 824 753 556',
      PUBLIC_URL: 'https://club.example.com.au',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_1234567890',
      SMTP_URL: 'smtp://mail.example.com.au:587',
    });
    expect(Object.values(state(await launchChecklist(config, () => Promise.resolve(true))))).toEqual([true, true, true, true, true]);
    expect(state(await launchChecklist(config, () => Promise.resolve(false)))['staff-two-factor']).toBe(false);
    // Test keys and a plain http address are not ready to take real money.
    const almost = loadConfig({
      PUBLIC_URL: 'http://club.example.com.au',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_1234567890',
    });
    expect(state(await launchChecklist(almost, noTwoFactor))).toMatchObject({ 'public-address': false, 'payment-keys': false });
  });

  it('links every check to a section of the guide that exists in the repository', async () => {
    const guide = readFileSync(`${root}${LAUNCH_GUIDE}`, 'utf8');
    for (const check of await launchChecklist(loadConfig({}), noTwoFactor)) {
      const [file, anchor] = check.how.split('#');
      expect(existsSync(`${root}${file}`), check.how).toBe(true);
      expect(headingSlugs(guide), check.how).toContain(anchor);
    }
  });
});
