import { describe, expect, it } from 'vitest';
import { validatingStore, type EventStore, type RecordedEvent } from '@roar/platform';
import { cleanHtml, htmlKindOf, inlineHtml, richText } from './html';
import { createEventRegistry } from './registry';
import { SEED_TIERS } from './membership-catalogue/seed';

const HOSTILE =
  '<img src=x onerror=alert(1)><b onmouseover="x()">bold</b><script>alert(2)</script><a href="javascript:alert(3)">j</a><a href="https://roarplus.test" target="_blank">site</a><iframe src="https://evil.test"></iframe><svg onload=alert(4)></svg><p style="color:red">para</p>';

describe('the one HTML policy', () => {
  it('keeps inline formatting and links in inline HTML, and drops blocks, images and anything that runs', () => {
    expect(cleanHtml(HOSTILE, 'inline')).toBe(
      '<b>bold</b><a rel="noopener noreferrer">j</a><a href="https://roarplus.test" target="_blank" rel="noopener noreferrer">site</a>para',
    );
    expect(cleanHtml('<strong>50 entries</strong> every month', 'inline')).toBe('<strong>50 entries</strong> every month');
  });

  it('keeps paragraphs, lists, tables and https or same-site images in rich text, with the same rules for the rest', () => {
    expect(cleanHtml(HOSTILE, 'rich')).toBe(
      '<img src="x" /><b>bold</b><a rel="noopener noreferrer">j</a><a href="https://roarplus.test" target="_blank" rel="noopener noreferrer">site</a><p>para</p>',
    );
    expect(
      cleanHtml(
        '<h2>Win</h2><ul><li>Two <em>passes</em></li></ul><img src="http://plain.test/a.png"><img src="https://cdn.test/b.png" alt="b">',
        'rich',
      ),
    ).toBe('<h2>Win</h2><ul><li>Two <em>passes</em></li></ul><img /><img src="https://cdn.test/b.png" alt="b" />');
    expect(cleanHtml('<a href="//evil.test">x</a><a href="JaVaScRiPt:alert(1)">y</a><a href="data:text/html,<script>">z</a>', 'rich')).toBe(
      '<a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">y</a><a rel="noopener noreferrer">z</a>',
    );
  });

  it('is idempotent: cleaning what it let through changes nothing', () => {
    for (const kind of ['inline', 'rich'] as const) {
      const once = cleanHtml(`${HOSTILE} Tom &amp; Jerry <i>&lt;3</i> 5% & more`, kind);
      expect(cleanHtml(once, kind)).toBe(once);
    }
  });

  it('the primitives clean on parse, refuse what is too long or unstorable, and say which kind they are', () => {
    const title = inlineHtml({ max: 40, required: true });
    expect(title.parse('<em>hi</em><img src=x onerror=1>')).toBe('<em>hi</em>');
    expect(title.safeParse('').success).toBe(false);
    expect(title.safeParse('x'.repeat(41)).success).toBe(false);
    expect(title.safeParse('a\u0000b').success).toBe(false);
    expect(htmlKindOf(title)).toBe('inline');
    expect(htmlKindOf(richText({ max: 10 }))).toBe('rich');
  });
});

const revisedTier = (title: string, schemaVersion = 1): RecordedEvent => ({
  id: 'evt-1',
  type: 'MembershipTierRevised',
  streamId: 'membership-3',
  revision: 1n,
  position: { commit: 1n, prepare: 1n },
  recordedAt: '2026-11-01T00:00:00.000Z',
  data: { membershipId: 3, changes: { items: [{ title }] } },
  metadata: { correlationId: 'c', causationId: null, actor: { type: 'staff', id: 's1' }, occurredAt: '2026-11-01T00:00:00.000Z', schemaVersion },
});

describe('events carry only clean HTML', () => {
  const registry = createEventRegistry();

  it('a new event is cleaned before it reaches the store', () => {
    const checked = registry.validateNew({
      ...revisedTier('<img src=x onerror=alert(1)>Bonus <b>draws</b>'),
      metadata: { ...revisedTier('').metadata, schemaVersion: registry.versionOf('MembershipTierRevised') },
    });
    expect(checked.data).toEqual({ membershipId: 3, changes: { items: [{ title: 'Bonus <b>draws</b>' }] } });
  });

  it('an event stored before the policy is cleaned on every read (the upcast), without editing the log', async () => {
    const stored = revisedTier('<img src=x onerror=alert(1)>Bonus <b>draws</b>');
    expect(registry.decode(stored).data).toEqual({ membershipId: 3, changes: { items: [{ title: 'Bonus <b>draws</b>' }] } });
    const inner = { name: 'pglite', readStream: () => Promise.resolve([stored]) } as unknown as EventStore;
    const [read] = await validatingStore(inner, registry).readStream('membership-3');
    expect(read!.data).toEqual({ membershipId: 3, changes: { items: [{ title: 'Bonus <b>draws</b>' }] } });
    expect(stored.data).toEqual({ membershipId: 3, changes: { items: [{ title: '<img src=x onerror=alert(1)>Bonus <b>draws</b>' }] } });
  });

  it('the launch catalogue passes through the policy unchanged', () => {
    for (const tier of SEED_TIERS) {
      for (const item of tier.fields.items) expect(cleanHtml(item.title, 'inline')).toBe(item.title);
    }
  });
});
