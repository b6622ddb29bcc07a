import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStreamId } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

/**
 * Staff's "send again" records SupportActionRecorded, and the reactor sends the copy from that event
 * (docs/decisions/side-effects-from-events.md): the same email the member got, once more.
 */
describe('a staff resend over HTTP', () => {
  it('sends the receipt again, word for word, as a second email', async () => {
    const c = client(api);
    const m = await c.paidMember(3);
    const receipts = async () => (await c.mail()).filter((x) => x.to.includes(m.email) && x.subject.startsWith('Your ROAR+ receipt'));
    await expect.poll(async () => (await receipts()).length, { timeout: 20_000 }).toBe(1);
    const activated = (await api.ctx.store.readStream(memberStreamId(m.id))).find((e) => e.type === 'MembershipActivated')!;
    const resend = await adminFetch(api, `/members/${m.id}/resend-email`, {
      method: 'POST',
      token: staff.staff.token,
      body: JSON.stringify({ email: 'receipt', event_id: activated.id, reason: 'Member lost it' }),
    });
    expect([200, 202]).toContain(resend.status);
    expect(await resend.json()).toEqual({ id: m.id, resent: 'receipt', event_id: activated.id });
    await expect.poll(async () => (await receipts()).length, { timeout: 20_000 }).toBe(2);
    const [first, again] = await receipts();
    expect({ subject: again!.subject, text: again!.text, html: again!.html, to: again!.to }).toEqual({
      subject: first!.subject,
      text: first!.text,
      html: first!.html,
      to: first!.to,
    });
    expect(again!.key).not.toBe(first!.key);
  });
});
