import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { activeTeamBenefit, findTeamOfMember, getTeamInvite, listExpiredPendingInvites, searchTeams, teamsProjector } from '.';

const benefits = { entries: 30, merchandiseDiscountPercent: 20, benefitMonths: 1 };

describe('teams read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [teamsProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects a team, its invites, payments, an expiry and completion', async () => {
    const t = 'team-t1';
    const at = (d: string) => `2026-03-${d}T00:00:00.000Z`;
    await backend.store.append(
      t,
      [
        event('TeamStarted', { teamId: 't1', captainId: 'cap', captainEmail: 'cap@example.com', startedAt: at('01') }, at('01')),
        ...['a', 'b', 'c', 'd'].map((m) =>
          event(
            'MateInvited',
            { teamId: 't1', inviteId: `i-${m}`, email: `${m}@example.com`, expiresAt: at('08'), invitedAt: at('01'), captainId: 'cap' },
            at('01'),
          ),
        ),
      ],
      'no_stream',
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect((await listExpiredPendingInvites(backend.sql, new Date(at('09')))).map((i) => i.id).sort()).toEqual(['i-a', 'i-b', 'i-c', 'i-d']);
    expect(await listExpiredPendingInvites(backend.sql, new Date(at('07')))).toEqual([]);

    await backend.store.append(
      t,
      [
        event('InviteExpired', { teamId: 't1', inviteId: 'i-d', email: 'd@example.com', expiredAt: at('08'), captainId: 'cap' }, at('08')),
        ...['a', 'b', 'c'].map((m) =>
          event(
            'MatePaymentRecorded',
            { teamId: 't1', inviteId: `i-${m}`, memberId: m, paymentId: `pi_${m}`, amount_cents: 5000, benefits, paidAt: at('05') },
            at('05'),
          ),
        ),
        event(
          'TeamCompleted',
          {
            teamId: 't1',
            captainId: 'cap',
            mateIds: ['a', 'b', 'c'],
            memberIds: ['cap', 'a', 'b', 'c'],
            benefits: { ...benefits, inviterBonusEntries: 40 },
            completedAt: at('05'),
          },
          at('05'),
        ),
      ],
      4n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    const team = await findTeamOfMember(backend.sql, 'b');
    expect(team).toMatchObject({ id: 't1', status: 'complete', paid_mates: 3, completed_at: at('05') });
    expect(team!.members.map((m) => [m.id, m.status])).toEqual([
      ['captain:t1', 'captain'],
      ['i-a', 'paid'],
      ['i-b', 'paid'],
      ['i-c', 'paid'],
      ['i-d', 'expired'],
    ]);
    expect(await getTeamInvite(backend.sql, 'i-a')).toMatchObject({ member_id: 'a', payment_id: 'pi_a', benefit_until: '2026-04-05T00:00:00.000Z' });
    expect(await getTeamInvite(backend.sql, 'captain:t1')).toBeNull();
    expect(await activeTeamBenefit(backend.sql, 'a', new Date(at('20')))).not.toBeNull();
    expect(await activeTeamBenefit(backend.sql, 'a', new Date('2026-04-06T00:00:00.000Z'))).toBeNull();
    expect(await activeTeamBenefit(backend.sql, 'cap', new Date(at('20')))).toBeNull();
    expect((await searchTeams(backend.sql, { q: 'b@example' })).records.map((r) => r.id)).toEqual(['t1']);
    expect((await searchTeams(backend.sql, { status: ['open'] })).total).toBe(0);

    const report = await daemon.verify('teams');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    await backend.sql.query("update read.team_members set status = 'pending' where id = 'i-b'");
    expect((await daemon.verify('teams')).ok).toBe(false);
  });

  it('a refunded mate: the seat reads refunded, the benefit ends then, paid mates drop; an open team no longer finds them', async () => {
    const at = (d: string) => `2026-05-${d}T00:00:00.000Z`;
    await backend.store.append(
      'team-t2',
      [
        event('TeamStarted', { teamId: 't2', captainId: 'cap2', captainEmail: 'cap2@example.com', startedAt: at('01') }, at('01')),
        event(
          'MateInvited',
          { teamId: 't2', inviteId: 'j-a', email: 'ja@example.com', expiresAt: at('08'), invitedAt: at('01'), captainId: 'cap2' },
          at('01'),
        ),
        event(
          'MatePaymentRecorded',
          { teamId: 't2', inviteId: 'j-a', memberId: 'ja', paymentId: 'pi_ja', amount_cents: 5000, benefits, paidAt: at('02') },
          at('02'),
        ),
        event(
          'MatePaymentRefunded',
          {
            teamId: 't2',
            inviteId: 'j-a',
            memberId: 'ja',
            paymentId: 'pi_ja',
            reason: 'Payment refunded: asked',
            leftTeam: true,
            refundedAt: at('03'),
          },
          at('03'),
        ),
      ],
      'no_stream',
    );
    // A refund of a mate of the complete team t1: still its member.
    await backend.store.append(
      'team-t1',
      [
        event(
          'MatePaymentRefunded',
          {
            teamId: 't1',
            inviteId: 'i-a',
            memberId: 'a',
            paymentId: 'pi_a',
            reason: 'Payment refunded: asked',
            leftTeam: false,
            refundedAt: at('03'),
          },
          at('03'),
        ),
      ],
      9n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect(await getTeamInvite(backend.sql, 'j-a')).toMatchObject({
      status: 'refunded',
      benefit_until: at('03'),
      refunded_at: at('03'),
      refund_reason: 'Payment refunded: asked',
    });
    expect(await activeTeamBenefit(backend.sql, 'ja', new Date(at('02')))).toBeNull();
    expect(await findTeamOfMember(backend.sql, 'ja')).toBeNull();
    expect((await searchTeams(backend.sql, { ids: ['t2'] })).records[0]).toMatchObject({ status: 'open', paid_mates: 0 });
    expect(await findTeamOfMember(backend.sql, 'a')).toMatchObject({ id: 't1', status: 'complete', paid_mates: 2 });
    expect(await activeTeamBenefit(backend.sql, 'a', new Date(at('04')))).toBeNull();
    // Undo the first test's tampering: the rest must match a rebuild row for row.
    await backend.sql.query("update read.team_members set status = 'paid' where id = 'i-b'");
    const report = await daemon.verify('teams');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
