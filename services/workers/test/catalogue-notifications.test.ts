import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, validatingStore, type EventStore, type Sql } from '@roar/platform';
import { createEventRegistry, membershipTierStreamId, SEED_TIERS } from '@roar/domain';
import { createJobRuntime, listSentMail, mailDir, type JobRuntime } from '../src';
import { loadCheckpoint } from '../src/reactors';
import { defineAndRevisePrice, event, quietLogger, waitFor } from './helpers';

// The embedded default end to end: PGlite, the PostgreSQL-table store, in-process jobs, file mail.
describe('catalogue-notifications reactor (embedded default)', () => {
  let sql: Sql;
  let store: EventStore;
  let dataDir: string;
  let runtime: JobRuntime;

  beforeEach(async () => {
    sql = await createPgliteSql(null);
    store = validatingStore(await createPostgresEventStore(sql, { pollIntervalMs: 20 }), createEventRegistry());
    dataDir = await mkdtemp(join(tmpdir(), 'roar-mail-'));
    runtime = await createJobRuntime({ sql, store, logger: quietLogger, dataDir, mailFrom: 'ROAR+ <no-reply@roarplus.local>' });
    await runtime.start();
  });
  afterEach(async () => {
    await runtime.stop();
    await store.close();
    await sql.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const caughtUp = async () => {
    const head = await store.headPosition();
    await waitFor('the reactor to catch up', async () => (await loadCheckpoint(sql, 'catalogue-notifications')).prepare === head.prepare);
  };

  it('emails the staff mailbox when a price changes: tier, old and new price, who and why, HTML escaped', async () => {
    await defineAndRevisePrice(store, 2450, 'Promo <b>spring</b> & "more"');
    const [mail] = await waitFor('the notice', async () => {
      const sent = await listSentMail(dataDir);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.to).toEqual(['staff@roarplus.local']);
    expect(mail!.subject).toBe('Membership Single Entry: price changed from $20 to $24.50');
    expect(mail!.text).toContain('Changed by: staff user alice@roarplus.local (admin)');
    expect(mail!.text).toContain('Reason: Promo <b>spring</b> & "more"');
    expect(mail!.html).toContain('Promo &lt;b&gt;spring&lt;/b&gt; &amp; &quot;more&quot;');
    expect(mail!.html).not.toContain('<b>spring');
    const eml = await readFile(join(mailDir(dataDir), mail!.emlFile), 'utf8');
    expect(eml).toContain('Subject: Membership Single Entry: price changed from $20 to $24.50');
    expect(eml).toContain('To: staff@roarplus.local');
  });

  it('emails on a status change, and stays silent for a revision that leaves the price alone', async () => {
    const tier = SEED_TIERS[2]!;
    const stream = membershipTierStreamId(tier.membershipId);
    await store.append(
      stream,
      [event('MembershipTierDefined', { membershipId: tier.membershipId, status: 'published', fields: tier.fields })],
      'no_stream',
    );
    await store.append(stream, [event('MembershipTierRevised', { membershipId: tier.membershipId, changes: { colour: '#112233' } })], 0n);
    await store.append(
      stream,
      [event('MembershipTierStatusChanged', { membershipId: tier.membershipId, from: 'published', to: 'archived' }, 'Replaced by the new plan')],
      1n,
    );
    await caughtUp();
    const sent = await listSentMail(dataDir);
    expect(sent.map((m) => m.subject)).toEqual([`Membership ${tier.fields.tier}: status changed from published to archived`]);
    expect(sent[0]!.text).toContain('Reason: Replaced by the new plan');
  });

  it('sends nothing for tier definitions alone', async () => {
    const tier = SEED_TIERS[0]!;
    await store.append(
      membershipTierStreamId(tier.membershipId),
      [event('MembershipTierDefined', { membershipId: tier.membershipId, status: tier.status, fields: tier.fields })],
      'no_stream',
    );
    await caughtUp();
    expect(await listSentMail(dataDir)).toEqual([]);
  });
});
