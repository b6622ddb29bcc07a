import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { cashbackProjector, getCashbackClaim, listCashbackClaims, listCashbackPayouts } from '.';

const receipt = { key: 'receipts/2026/11/a.pdf', contentType: 'application/pdf', size: 1000, sha256: 'a'.repeat(64) };
const t = (d: string) => `2026-11-${d}T00:00:00.000Z`;

describe('cashback read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;
  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [cashbackProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects claims through approval, payout and reversal, and a declined claim with its reason', async () => {
    const submitted = (claimId: string, playedOn: string) =>
      event(
        'CashbackClaimSubmitted',
        {
          claimId,
          memberId: 'm1',
          course: 'Parkland Links',
          playedOn,
          month: playedOn.slice(0, 7),
          amountCents: 3500,
          maximumCents: 2000,
          receipt,
          submittedAt: t('02'),
          decisionDueBy: t('09'),
        },
        t('02'),
      );
    await backend.store.append(
      'cashback-m1',
      [
        submitted('c1', '2026-10-30'),
        event('CashbackClaimDeclined', { claimId: 'c1', memberId: 'm1', reason: 'Receipt unreadable', declinedAt: t('03') }, t('03')),
        submitted('c2', '2026-11-01'),
        event(
          'CashbackClaimApproved',
          { claimId: 'c2', memberId: 'm1', month: '2026-11', payoutId: 'p2', payoutCents: 2000, approvedAt: t('04') },
          t('04'),
        ),
        event('CashbackPayoutScheduled', { payoutId: 'p2', claimId: 'c2', memberId: 'm1', amountCents: 2000, scheduledAt: t('04') }, t('04')),
        event(
          'CashbackPayoutPaid',
          { payoutId: 'p2', claimId: 'c2', memberId: 'm1', amountCents: 2000, bankReference: 'BATCH-1', paidAt: t('05') },
          t('05'),
        ),
      ],
      'no_stream',
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect(await getCashbackClaim(backend.sql, 'c1')).toMatchObject({
      status: 'declined',
      decline_reason: 'Receipt unreadable',
      decided_at: t('03'),
    });
    expect(await getCashbackClaim(backend.sql, 'c2')).toMatchObject({ status: 'paid', payout_cents: 2000, paid_at: t('05') });
    expect((await listCashbackPayouts(backend.sql)).records).toMatchObject([{ id: 'p2', status: 'paid', bank_reference: 'BATCH-1' }]);
    expect((await listCashbackClaims(backend.sql, { status: ['submitted'] })).total).toBe(0);

    await backend.store.append(
      'cashback-m1',
      [
        event(
          'CashbackPayoutReversed',
          { payoutId: 'p2', claimId: 'c2', memberId: 'm1', amountCents: 2000, reason: 'Bank returned it', reversedAt: t('06') },
          t('06'),
        ),
      ],
      5n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect((await listCashbackPayouts(backend.sql)).records[0]).toMatchObject({ status: 'reversed', reason: 'Bank returned it' });
    expect((await daemon.verify('cashback')).differences).toEqual([]);
  });
});
