import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { getOffer, listOffers, listPartners, redemptionsByPartnerMonth, rewardsProjector } from '.';

const partner = {
  name: 'Fairway Supply Co. (sample)',
  logo: '/partners/fairway.svg',
  category: 'tickets-and-gear',
  sample: true,
  status: 'published',
  sort: 1,
};
const offer = {
  title: 'Golf gear',
  saving: 'save 20-30%',
  terms: 'Online only.',
  redeem_method: 'code',
  redeem_value: 'ROAR25',
  starts_at: null,
  ends_at: null,
  status: 'published',
  featured: true,
};

describe('rewards read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [rewardsProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects partners, offers and their edits, and counts reveals per partner and Sydney month', async () => {
    const t1 = '2026-11-01T00:00:00.000Z';
    const t2 = '2026-11-02T00:00:00.000Z';
    await backend.store.append(
      'partner-p1',
      [
        event('PartnerAdded', { partnerId: 'p1', fields: partner, at: t1 }, t1),
        event('OfferAdded', { partnerId: 'p1', offerId: 'o1', fields: offer, at: t1 }, t1),
        event('OfferChanged', { partnerId: 'p1', offerId: 'o1', fields: { ...offer, saving: 'save 25%' }, at: t2 }, t2),
      ],
      'no_stream',
    );
    await backend.store.append(
      'partner-p2',
      [event('PartnerAdded', { partnerId: 'p2', fields: { ...partner, name: 'Draft partner', status: 'draft' }, at: t1 }, t1)],
      'no_stream',
    );
    const reveal = (member: string, at: string, month: string) =>
      event('OfferRevealed', { memberId: member, partnerId: 'p1', offerId: 'o1', redeemMethod: 'code', month, revealedAt: at }, at);
    await backend.store.append(
      'rewards-m1',
      [reveal('m1', t1, '2026-11'), reveal('m1', t2, '2026-11'), reveal('m1', '2026-11-30T14:00:00.000Z', '2026-12')],
      'no_stream',
    );
    await backend.store.append('rewards-m2', [reveal('m2', t2, '2026-11')], 'no_stream');
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect((await listPartners(backend.sql, { publishedOnly: true })).map((p) => p.id)).toEqual(['p1']);
    expect((await listPartners(backend.sql, { publishedOnly: false })).map((p) => p.id).sort()).toEqual(['p1', 'p2']);
    expect(await getOffer(backend.sql, 'o1')).toMatchObject({ saving: 'save 25%', created_at: t1, updated_at: t2, partner: { name: partner.name } });
    expect(await listOffers(backend.sql, { publishedOnly: true, partnerId: 'p2' })).toEqual([]);
    expect(await redemptionsByPartnerMonth(backend.sql)).toEqual([
      { id: 'p1:2026-12', partner_id: 'p1', partner_name: partner.name, month: '2026-12', reveals: 1, members: 1 },
      { id: 'p1:2026-11', partner_id: 'p1', partner_name: partner.name, month: '2026-11', reveals: 3, members: 2 },
    ]);

    const report = await daemon.verify('rewards');
    expect(report.differences).toEqual([]);
    await backend.sql.query("update read.offers set saving = 'tampered' where id = 'o1'");
    expect((await daemon.verify('rewards')).ok).toBe(false);
  });
});
