import { Router } from 'express';
import { launchChecklistSchema, type LaunchCheck } from '@roar/contracts/staff';
import type { Config } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { staffTwoFactorStatus } from '../approvals/security-settings';
import { documentRoute } from '../http/openapi';

/**
 * "Before you sell": what a club must set before it takes real money, computed from the running
 * configuration. Each check says how, as a section of docs/before-you-sell.md (the staff console
 * shows that page at /admin/before-you-sell). The dashboard shows the list until every check is done.
 */
export type { LaunchCheck };

export const LAUNCH_GUIDE = 'docs/before-you-sell.md';

/**
 * Every staff account signs in with a second factor: the club requires it of all staff (admins
 * always must), and each account has enrolled.
 */
export async function everyStaffUserHasTwoFactor(app: Pick<AppContext, 'sql' | 'store'>): Promise<boolean> {
  const status = await staffTwoFactorStatus(app);
  return status.required_for === 'all-staff' && status.enrolled === status.staff_users;
}

const how = (id: LaunchCheck['id']) => `${LAUNCH_GUIDE}#${id}`;

/** The checks over a configuration and the staff accounts' two-factor state. */
export async function launchChecklist(config: Config, twoFactor: () => Promise<boolean>): Promise<LaunchCheck[]> {
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return [
    { id: 'abn', label: 'Your ABN is on every tax invoice (BUSINESS_ABN)', done: config.BUSINESS_ABN !== undefined, how: how('abn') },
    { id: 'public-address', label: 'The public https address members use is set (PUBLIC_URL)', done: https, how: how('public-address') },
    {
      id: 'payment-keys',
      label: 'Payments go through Stripe, not the built-in test-mode page (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)',
      done: Boolean(config.STRIPE_SECRET_KEY?.startsWith('sk_live_') && config.STRIPE_WEBHOOK_SECRET),
      how: how('payment-keys'),
    },
    {
      id: 'mail-transport',
      label: 'Email is sent through a mail server, not written to files (SMTP_URL)',
      done: config.SMTP_URL !== undefined,
      how: how('mail-transport'),
    },
    {
      id: 'staff-two-factor',
      label: 'Every staff account signs in with two-factor authentication',
      done: await twoFactor(),
      how: how('staff-two-factor'),
    },
  ];
}

/** `GET /api/admin/launch-checklist`: every staff role reads it; `complete` once every check is done. */
export function launchChecklistRouter(app: AppContext): Router {
  const router = Router();
  router.get('/', requireStaff(app), async (_req, res) => {
    const checks = await launchChecklist(app.config, () => everyStaffUserHasTwoFactor(app));
    res.json({ id: 'launch-checklist', checks, complete: checks.every((c) => c.done) });
  });
  return router;
}

documentRoute({
  method: 'get',
  path: '/api/admin/launch-checklist',
  tag: 'staff',
  auth: 'staff',
  summary:
    'Before you sell: ABN, public address, payment keys, mail transport and staff two-factor, each done or not, with the guide section that says how',
  response: launchChecklistSchema,
  errors: [401],
});
