import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SECONDARY_PRIZE_IMAGES, prizeSlugStreamId, SLUG_TAKEN } from '@roar/domain';
import { DomainError, WrongExpectedRevisionError, type CommandContext } from '@roar/platform';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { runPrizeCommand } from '../src/draws/lifecycle';
import { seedPrizes } from '../src/draws/seed';
import { withReservedSlug } from '../src/prizes/slug';
import { startTestApi, type TestApi } from './setup';

interface Answer {
  readonly status: number;
  readonly body: { id?: string; slug?: string; errors?: { message: string; extensions?: { code: string } }[] };
}

/**
 * Prize slugs are unique through the `prize-slug-<slug>` reservation streams: concurrent creates
 * (and renames) with one slug give exactly one prize; a slug change moves the reservation; a
 * failed prize command gives back the slug it had reserved. On PGlite and on PostgreSQL.
 */
describe.each([{ database: 'pglite' as const }, { database: 'postgres' as const }])('prize slugs are reserved ($database)', ({ database }) => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;

  beforeAll(async () => {
    const started = await startTestApi({ database });
    if (!started) throw new Error(`no ${database} database for this test`);
    api = started;
    staff = await signInStaff(api);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const send = async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer> => {
    const r = await adminFetch(api, path, { method, token: staff.staff.token, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Answer['body'] };
  };
  const create = (slug: string, title = `Prize ${slug}`) =>
    send('POST', '/prizes', { title, slug, prize_end_date: new Date(Date.now() + 86_400_000).toISOString(), prize_value: 100, reason: 'Slug test' });
  const rename = (id: string, slug: string) => send('PUT', `/prizes/${id}`, { slug, reason: 'New slug' });
  const slugEvents = async (slug: string) =>
    (await api.ctx.store.readStream(prizeSlugStreamId(slug))).map((e) => ({ type: e.type, ...(e.data as { prizeId: string; reason?: string }) }));
  const message = (a: Answer) => a.body.errors?.[0]?.message;
  const ctx = (): CommandContext => ({ actor: { type: 'system', id: 'test' }, correlationId: randomUUID(), occurredAt: new Date(), reason: 'test' });

  it('two creates with one slug at the same instant: exactly one 201 and one 409, and one prize in the log', async () => {
    for (let round = 0; round < 5; round++) {
      const slug = `same-instant-${round}`;
      const answers = await Promise.all([create(slug, 'First'), create(slug, 'Second')]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const won = answers.find((a) => a.status === 201)!;
      const lost = answers.find((a) => a.status === 409)!;
      expect(lost.body).toEqual({ errors: [{ message: SLUG_TAKEN, extensions: { code: 'CONFLICT' } }] });
      expect(message(lost)).toBe('This slug is already used by another prize.');
      expect(await slugEvents(slug)).toEqual([{ type: 'PrizeSlugReserved', slug, prizeId: won.body.id, reservedAt: expect.any(String) }]);
      const list = await adminFetch(api, `/prizes?filter=${encodeURIComponent(JSON.stringify({ q: slug }))}`, { token: staff.auditor.token });
      expect(((await list.json()) as { slug: string }[]).filter((p) => p.slug === slug)).toHaveLength(1);
    }
  }, 60_000);

  it('the reservation alone refuses a slug, and only the prize that holds it passes', async () => {
    // No prize in the read model carries this slug: only its reservation stream says it is taken.
    const holder = randomUUID();
    await withReservedSlug(api.ctx, 'held-by-reservation', holder, ctx(), 'create-failed', async () => undefined);
    const refused = await create('held-by-reservation');
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(SLUG_TAKEN);
    const concurrent = await Promise.allSettled(
      [randomUUID(), randomUUID()].map((prizeId) =>
        withReservedSlug(api.ctx, 'held-by-reservation', prizeId, ctx(), 'create-failed', async () => prizeId),
      ),
    );
    expect(concurrent.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of concurrent) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DomainError);
    expect(await withReservedSlug(api.ctx, 'held-by-reservation', holder, ctx(), 'create-failed', async () => 'again')).toBe('again');
    expect((await slugEvents('held-by-reservation')).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
  });

  it('a reservation its prize never used is reclaimed after five minutes; one whose prize carries the slug is not', async () => {
    const tenMinutesAgo = (): CommandContext => ({ ...ctx(), occurredAt: new Date(Date.now() - 10 * 60_000) });
    // A crash between the reservation and the prize: the holder's draw stream does not exist.
    const lost = randomUUID();
    await withReservedSlug(api.ctx, 'orphaned-slug', lost, tenMinutesAgo(), 'create-failed', async () => undefined);
    const taken = await create('orphaned-slug');
    expect(taken.status).toBe(201);
    expect((await slugEvents('orphaned-slug')).map((e) => [e.type, e.prizeId, e.reason ?? null])).toEqual([
      ['PrizeSlugReserved', lost, null],
      ['PrizeSlugReleased', lost, 'orphaned'],
      ['PrizeSlugReserved', taken.body.id, null],
    ]);
    // An old reservation whose prize exists with that slug stays its prize's.
    const kept = randomUUID();
    await runPrizeCommand(
      api.ctx,
      kept,
      {
        type: 'CreatePrize',
        prizeId: kept,
        fields: {
          ...NO_SECONDARY_PRIZE_IMAGES,
          title: 'Kept',
          slug: 'kept-slug',
          description: '',
          hero_image: null,
          prize_type_id: 'vip',
          event_date: null,
          event_participants: null,
          prize_end_date: new Date(Date.now() + 86_400_000).toISOString(),
          prize_value: 1,
          prize_value_currency: 'AUD',
        },
      },
      tenMinutesAgo(),
    );
    const refused = await create('kept-slug');
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(SLUG_TAKEN);
    // The same through the reservation alone (no read-model check in front).
    await expect(withReservedSlug(api.ctx, 'kept-slug', randomUUID(), ctx(), 'create-failed', async () => undefined)).rejects.toBeInstanceOf(
      DomainError,
    );
    expect((await slugEvents('kept-slug')).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
  });

  it('a slug change reserves the new slug, then releases the old one for any prize to take', async () => {
    const a = await create('old-slug');
    expect(a.status).toBe(201);
    const id = a.body.id!;
    const moved = await rename(id, 'new-slug');
    expect(moved.status).toBe(200);
    expect(moved.body.slug).toBe('new-slug');
    expect(await slugEvents('old-slug')).toEqual([
      { type: 'PrizeSlugReserved', slug: 'old-slug', prizeId: id, reservedAt: expect.any(String) },
      { type: 'PrizeSlugReleased', slug: 'old-slug', prizeId: id, reason: 'slug-changed', releasedAt: expect.any(String) },
    ]);
    expect((await create('new-slug')).status).toBe(409);
    const b = await create('old-slug');
    expect(b.status).toBe(201);
    expect((await slugEvents('old-slug')).at(-1)).toMatchObject({ type: 'PrizeSlugReserved', prizeId: b.body.id });
    // Renaming to the slug it already has changes nothing.
    expect((await rename(id, 'new-slug')).status).toBe(200);
    expect((await slugEvents('new-slug')).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
    // Taking a slug another prize holds is refused and leaves both reservations as they were.
    const clash = await rename(id, 'old-slug');
    expect(clash.status).toBe(409);
    expect(message(clash)).toBe(SLUG_TAKEN);
    expect((await slugEvents('new-slug')).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
  });

  it('two prizes renamed to one slug at the same instant: one 200 and one 409', async () => {
    const [x, y] = await Promise.all([create('rename-x'), create('rename-y')]);
    const answers = await Promise.all([rename(x.body.id!, 'rename-target'), rename(y.body.id!, 'rename-target')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? x.body.id! : y.body.id!;
    const loserSlug = winner === x.body.id ? 'rename-y' : 'rename-x';
    expect((await slugEvents('rename-target')).map((e) => [e.type, e.prizeId])).toEqual([['PrizeSlugReserved', winner]]);
    // The loser keeps its own slug; the winner's old slug is free again.
    expect((await slugEvents(loserSlug)).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
    expect((await create(winner === x.body.id ? 'rename-x' : 'rename-y')).status).toBe(201);
  });

  it('a prize command that fails gives back the slug it reserved', async () => {
    // Update refused by the decider (closing date after scheduling): the new slug is released.
    const p = await create('scheduled-prize');
    const id = p.body.id!;
    expect((await send('POST', `/prizes/${id}/schedule`, {})).status).toBe(200);
    const refused = await send('PUT', `/prizes/${id}`, {
      slug: 'wanted-slug',
      prize_end_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      reason: 'Move it',
    });
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe('The closing date cannot change once the draw is scheduled.');
    expect((await slugEvents('wanted-slug')).map((e) => [e.type, e.reason ?? null])).toEqual([
      ['PrizeSlugReserved', null],
      ['PrizeSlugReleased', 'update-failed'],
    ]);
    expect((await slugEvents('scheduled-prize')).map((e) => e.type)).toEqual(['PrizeSlugReserved']);
    expect((await create('wanted-slug')).status).toBe(201);

    // A create whose draw-stream append fails (a prize with this id exists) releases its slug.
    const failing = runPrizeCommand(
      api.ctx,
      id,
      {
        type: 'CreatePrize',
        prizeId: id,
        fields: {
          ...NO_SECONDARY_PRIZE_IMAGES,
          title: 'Twice',
          slug: 'failed-create',
          description: '',
          hero_image: null,
          prize_type_id: 'vip',
          event_date: null,
          event_participants: null,
          prize_end_date: new Date(Date.now() + 86_400_000).toISOString(),
          prize_value: 1,
          prize_value_currency: 'AUD',
        },
      },
      ctx(),
    );
    await expect(failing).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await slugEvents('failed-create')).map((e) => [e.type, e.reason ?? null])).toEqual([
      ['PrizeSlugReserved', null],
      ['PrizeSlugReleased', 'create-failed'],
    ]);
    expect((await create('failed-create')).status).toBe(201);
  });

  it('the launch giveaways reserve their slugs when seeded', async () => {
    expect(await seedPrizes(api.ctx.store, api.ctx.registry, api.ctx.sql, api.ctx.logger, api.ctx.now())).toBe(3);
    expect((await slugEvents('golf-getaway-barnbougle')).map((e) => [e.type, e.prizeId])).toEqual([['PrizeSlugReserved', 'launch-golf-getaway']]);
    await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);
    const taken = await create('golf-getaway-barnbougle');
    expect(taken.status).toBe(409);
    expect(message(taken)).toBe(SLUG_TAKEN);
    await expect(withReservedSlug(api.ctx, 'golf-getaway-barnbougle', randomUUID(), ctx(), 'create-failed', async () => undefined)).rejects.toThrow(
      SLUG_TAKEN,
    );
  });
});
