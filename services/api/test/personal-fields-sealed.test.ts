import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_NAME, isSealedValue, type EventStore, type NewEvent } from '@roar/platform';
import { findPostgres, openScratchPostgresStore, productStore, servicesRequired, type ScratchPostgresStore } from '@roar/platform/testing';
import { createEventRegistry } from '@roar/domain';

const postgres = await findPostgres();
if (!postgres && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

/**
 * The domain's declarations (pd-fields) through the one encryption path (protectingStore): the
 * stored rows hold ciphertext, reads give the values back, a visitor's request (no member) is
 * stored as it came, and after erasure reads give the erased values, even where the field's own
 * rule refuses them (a Golf Link number is 10 digits).
 */
describe.runIf(postgres)('declared personal fields through the protecting store (issue 24)', () => {
  const registry = createEventRegistry();
  let scratch: ScratchPostgresStore;
  let store: EventStore;
  let keys: Awaited<ReturnType<typeof productStore>>['keys'];
  beforeAll(async () => {
    scratch = await openScratchPostgresStore('roar_pd_fields');
    ({ store, keys } = await productStore(scratch.store, scratch.sql, registry));
  });
  afterAll(async () => {
    await keys?.close();
    await scratch?.close();
  });

  const event = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system', id: 'test' },
      occurredAt: '2026-11-01T00:00:00.000Z',
      schemaVersion: registry.versionOf(type),
    },
  });

  it('stores ciphertext, reads the values back, leaves a visitor request plain, and reads erased values after erasure', async () => {
    const memberId = randomUUID();
    const secrets = ['Zephyrine', 'Quillfeather', 'zephyrine.q@example.test', '0499 111 222', '12 Wattle Lane', 'Leave it at the door', '1234567890'];
    const registered = {
      memberId,
      email: 'zephyrine.q@example.test',
      firstname: 'Zephyrine',
      lastname: 'Quillfeather',
      referralCode: 'ZEPH42',
      chosenMembershipId: null,
      state: 'NSW',
      dob: '1990-02-03',
    };
    const address = {
      first_name: 'Zephyrine',
      last_name: 'Quillfeather',
      line1: '12 Wattle Lane',
      line2: '',
      suburb: 'Newtown',
      state: 'NSW',
      postcode: '2042',
      phone: '0499 111 222',
    };
    const cart = { memberId, items: [], shipping_address: address, billing_address: null, coupon: null, notes: 'Leave it at the door' };
    const approved = {
      requestId: randomUUID(),
      memberId,
      golfLinkNumber: '1234567890',
      officialHandicap: 12.4,
      reason: 'Checked with Golf Australia',
      approvedAt: '2026-11-01T00:00:00.000Z',
    };
    const request = (by: string | null, email: string) => ({
      requestId: randomUUID(),
      memberId: by,
      name: by ? 'Zephyrine Quillfeather' : 'Vera Visitor',
      email,
      topic: 'other',
      message: 'Please call me back about my membership.',
      submittedAt: '2026-11-01T00:00:00.000Z',
    });
    const own = request(memberId, 'zephyrine.q@example.test');
    const visitor = request(null, 'vera.visitor@example.test');
    await store.append(`member-${memberId}`, [event('MemberRegistered', registered)], 'no_stream');
    await store.append(`cart-${memberId}`, [event('CartSaved', cart)], 'no_stream');
    await store.append(`handicap-${memberId}`, [event('HandicapRequestApproved', approved)], 'no_stream');
    await store.append(`support-request-${own.requestId}`, [event('SupportRequestSubmitted', own)], 'no_stream');
    await store.append(`support-request-${visitor.requestId}`, [event('SupportRequestSubmitted', visitor)], 'no_stream');

    // Stored: no plain value of the member's, each personal value sealed; the visitor's request as it came.
    const raw = (
      await scratch.sql.query<{ data: unknown }>(
        "select data from es.events where stream_id not like 'support-request-%' or data->>'memberId' is not null",
      )
    ).rows;
    const stored = JSON.stringify(raw);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    const [storedMember] = await scratch.store.readStream(`member-${memberId}`);
    const sealed = storedMember!.data as Record<string, unknown>;
    expect([sealed.email, sealed.firstname, sealed.lastname, sealed.dob].every(isSealedValue)).toBe(true);
    expect(sealed.state).toBe('NSW');
    const [storedVisitor] = await scratch.store.readStream(`support-request-${visitor.requestId}`);
    expect(storedVisitor!.data).toEqual(visitor);

    // Read through the one path: the values as written.
    expect((await store.readStream(`member-${memberId}`))[0]!.data).toEqual(registered);
    expect((await store.readStream(`cart-${memberId}`))[0]!.data).toEqual(cart);
    expect((await store.readStream(`handicap-${memberId}`))[0]!.data).toEqual(approved);
    expect((await store.readStream(`support-request-${own.requestId}`))[0]!.data).toEqual(own);

    // Erased: the erased values, amounts and ids kept; an event whose rule refuses the placeholder still reads.
    await keys.erase(memberId);
    const member = (await store.readStream(`member-${memberId}`))[0]!.data as typeof registered;
    expect(member).toEqual({
      ...registered,
      email: `erased-${memberId}@erased.invalid`,
      firstname: ERASED_NAME,
      lastname: ERASED_NAME,
      dob: '1900-01-01',
    });
    const erasedCart = (await store.readStream(`cart-${memberId}`))[0]!.data as typeof cart;
    expect(erasedCart.shipping_address).toEqual({
      ...address,
      first_name: ERASED_NAME,
      last_name: ERASED_NAME,
      line1: ERASED_NAME,
      line2: ERASED_NAME,
      suburb: ERASED_NAME,
      phone: ERASED_NAME,
    });
    expect(erasedCart.notes).toBe(ERASED_NAME);
    const erasedApproval = (await store.readStream(`handicap-${memberId}`))[0]!.data as typeof approved;
    expect(erasedApproval).toEqual({ ...approved, golfLinkNumber: ERASED_NAME, reason: ERASED_NAME });
    expect((await store.readStream(`support-request-${visitor.requestId}`))[0]!.data).toEqual(visitor);
  });
});
