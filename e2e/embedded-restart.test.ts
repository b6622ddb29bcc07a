import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from './harness';
import { staffApiToken } from './staff-console';

/** The embedded default keeps everything under DATA_DIR: a stopped and restarted product has it all. */
describe('embedded default across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a staff edit, its event and the staff sign-in after a restart', async () => {
    const first = await startApp({ DATA_DIR: dataDir });
    try {
      const token = await staffApiToken(first.url);
      const put = await fetch(`${first.url}/api/admin/memberships/2`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ price_cents: 2500, reason: 'New single-entry price' }),
      });
      expect(put.status, first.output()).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await startApp({ DATA_DIR: dataDir });
    try {
      const listed = (await (await fetch(`${second.url}/items/membership?filter[code][_eq]=single-entry`)).json()) as {
        data: Array<{ price: number }>;
      };
      expect(listed.data[0]!.price).toBe(25);
      // The JWT secret survived too: the sign-in still works and the event is in the log.
      const token = await staffApiToken(second.url);
      const filter = encodeURIComponent(JSON.stringify({ stream_id: 'membership-2' }));
      const events = (await (
        await fetch(`${second.url}/api/admin/events?filter=${filter}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Array<{
        event_type: string;
      }>;
      expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['MembershipTierDefined', 'MembershipTierRevised']));
      // The seed ran once: one definition, not two.
      expect(events.filter((e) => e.event_type === 'MembershipTierDefined')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
