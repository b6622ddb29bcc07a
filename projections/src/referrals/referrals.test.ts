import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { getReferral, listReferralsBy, referralsProjector, searchReferrals } from '.';

describe('referrals read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [referralsProjector], logger: silent });
    await daemon.start();
    // read.members is joined for names; here it is absent, so give the query an empty one.
    await backend.sql.exec('create table if not exists read.members (id text primary key, firstname text, lastname text, email text)');
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('follows a referral through recorded, bonus-granted and voided, with event times', async () => {
    await backend.store.append(
      'referral-new1',
      [
        event(
          'ReferralRecorded',
          { refereeId: 'new1', referrerId: 'old', referralCode: 'CODE', recordedAt: '2026-03-01T10:00:00.000Z' },
          '2026-03-01T10:00:00.000Z',
        ),
      ],
      'no_stream',
    );
    await backend.store.append(
      'referral-new2',
      [
        event(
          'ReferralRecorded',
          { refereeId: 'new2', referrerId: 'old', referralCode: 'CODE', recordedAt: '2026-03-02T10:00:00.000Z' },
          '2026-03-02T10:00:00.000Z',
        ),
      ],
      'no_stream',
    );
    await backend.store.append(
      'referral-new1',
      [
        event(
          'ReferralBonusGranted',
          {
            refereeId: 'new1',
            referrerId: 'old',
            paymentId: 'pi_1',
            tierCode: 'platinum',
            referrerEntries: 40,
            refereeEntries: 20,
            grantedAt: '2026-03-03T00:00:00.000Z',
          },
          '2026-03-03T00:00:00.000Z',
        ),
        event(
          'ReferralVoided',
          { refereeId: 'new1', referrerId: 'old', reason: 'Payment refunded: asked', bonusWasGranted: true, voidedAt: '2026-03-04T00:00:00.000Z' },
          '2026-03-04T00:00:00.000Z',
        ),
      ],
      0n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect(await getReferral(backend.sql, 'new1')).toMatchObject({
      referrer_id: 'old',
      status: 'voided',
      payment_id: 'pi_1',
      referrer_entries: 40,
      referee_entries: 20,
      bonus_was_granted: true,
      void_reason: 'Payment refunded: asked',
      granted_at: '2026-03-03T00:00:00.000Z',
      voided_at: '2026-03-04T00:00:00.000Z',
    });
    expect((await listReferralsBy(backend.sql, 'old')).map((r) => [r.referee_id, r.status])).toEqual([
      ['new2', 'recorded'],
      ['new1', 'voided'],
    ]);
    expect((await searchReferrals(backend.sql, { status: ['recorded'] })).records.map((r) => r.referee_id)).toEqual(['new2']);
    expect(await getReferral(backend.sql, 'nobody')).toBeNull();

    const report = await daemon.verify('referrals');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    await backend.sql.query("update read.referrals set status = 'recorded' where referee_id = 'new1'");
    expect((await daemon.verify('referrals')).ok).toBe(false);
  });
});
