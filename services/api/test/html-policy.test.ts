import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodType, type z } from 'zod';
import {
  ALLOWED_ATTRIBUTES,
  BLOCK_TAGS,
  createEventRegistry,
  drawStreamId,
  htmlKindOf,
  INLINE_TAGS,
  membershipTierStreamId,
  type HtmlKind,
} from '@roar/domain';
import { createPostgresEventStore } from '@roar/platform';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import * as contentCollections from '../src/content-admin/collections';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 19, stored script through membership tier items: a tier item's title "may contain HTML"
 * (spec section 3) and was stored and served as typed. Now every field a console renders as HTML
 * is one of the domain's two HTML primitives, cleaned when an event is written and again when one
 * is read, so a log written before the fix is served clean without being edited.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCRIPTED = '<img src=x onerror="alert(document.domain)">Bonus <strong>draws</strong>';
const CLEAN = 'Bonus <strong>draws</strong>';

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite always starts');
  api = started;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const servedItems = async (id: number): Promise<string[]> => {
  const body = (await (await fetch(`${api.url}/items/membership?filter[id][_eq]=${id}`)).json()) as {
    data: Array<{ items: Array<{ title: string }> }>;
  };
  return body.data[0]!.items.map((i) => i.title);
};

describe('tier item titles', () => {
  it('a staff edit carrying script is stored and served clean', async () => {
    const edit = await adminFetch(api, '/memberships/3', {
      method: 'PUT',
      token: staff.staff.token,
      body: JSON.stringify({ items: [{ title: SCRIPTED }, { title: 'Official golf handicap' }], reason: 'Benefits copy' }),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { items: Array<{ title: string }> }).items.map((i) => i.title)).toEqual([CLEAN, 'Official golf handicap']);
    expect(await servedItems(3)).toEqual([CLEAN, 'Official golf handicap']);
    const raw = await createPostgresEventStore(api.ctx.sql);
    const stored = JSON.stringify((await raw.readStream(membershipTierStreamId(3))).at(-1)!.data);
    await raw.close();
    expect(stored).toContain('Bonus <strong>draws</strong>');
    expect(stored).not.toMatch(/onerror|<img/);
  });

  it('an event stored before the fix keeps its raw HTML in the log and is served clean (upcast on read)', async () => {
    const raw = await createPostgresEventStore(api.ctx.sql);
    const stream = membershipTierStreamId(2);
    const revision = (await raw.readStream(stream)).at(-1)!.revision;
    const metadata = {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'staff' as const, id: 'old-console' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    await raw.append(
      stream,
      [{ id: randomUUID(), type: 'MembershipTierRevised', data: { membershipId: 2, changes: { items: [{ title: SCRIPTED }] } }, metadata }],
      revision,
    );
    await expect.poll(() => servedItems(2), { timeout: 15_000 }).toEqual([CLEAN]);
    expect(JSON.stringify((await raw.readStream(stream)).at(-1)!.data)).toContain('onerror');
    const [read] = (await api.ctx.store.readStream(stream)).slice(-1);
    expect(JSON.stringify(read!.data)).not.toContain('onerror');
    await raw.close();
  });
});

describe('prize descriptions', () => {
  it('an event stored before the fix is served clean on the member API', async () => {
    const fields = {
      title: 'Golf week',
      slug: 'golf-week',
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 86_400_000).toISOString(),
      prize_value: 900,
      status: 'published',
      description: '<p>Two nights</p><img src=x onerror=alert(1)>',
    };
    const created = await adminFetch(api, '/prizes', {
      method: 'POST',
      token: staff.staff.token,
      body: JSON.stringify({ ...fields, reason: 'Spring giveaway' }),
    });
    expect(created.status).toBe(201);
    const prize = (await created.json()) as { id: string; slug: string; description: string };
    expect(prize.description).toBe('<p>Two nights</p><img src="x" />');
    const raw = await createPostgresEventStore(api.ctx.sql);
    const stream = drawStreamId(prize.id);
    const revision = (await raw.readStream(stream)).at(-1)!.revision;
    const metadata = {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'staff' as const, id: 'old-console' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    await raw.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'PrizeUpdated',
          data: { prizeId: prize.id, changes: { description: `<p onclick="steal()">Two nights</p>${SCRIPTED}<script>alert(1)</script>` } },
          metadata,
        },
      ],
      revision,
    );
    const served = async () =>
      ((await (await fetch(`${api.url}/items/prizes?filter[slug][_eq]=${prize.slug}`)).json()) as { data: Array<{ description: string }> }).data[0]
        ?.description;
    await expect.poll(served, { timeout: 15_000 }).toBe(`<p>Two nights</p><img src="x" />${CLEAN}`);
    await raw.close();
  });
});

/** Walks a zod schema to its string leaves: `path` and the HTML kind of the leaf (null: plain text). */
function htmlLeaves(schema: z.ZodType, path: string, out: Map<string, HtmlKind | null>): void {
  const kind = htmlKindOf(schema);
  if (kind) {
    out.set(path, kind);
    return;
  }
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at: string) => htmlLeaves(child as z.ZodType, at, out);
  switch (def.type) {
    case 'string':
      out.set(path, out.get(path) ?? null);
      return;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, path ? `${path}.${key}` : key);
      return;
    case 'array':
      walk(def.element, `${path}[]`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      walk(def.innerType, path);
      return;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      return;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, path);
      return;
    case 'record':
      walk(def.valueType, `${path}{}`);
      return;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      return;
    default:
      return;
  }
}

/**
 * Every field a console renders as HTML, where its schema is and which console files render it
 * (through SafeHtml). The walk below holds this list to the schemas and to the consoles' sources.
 */
const RENDERED_AS_HTML: ReadonlyArray<{ field: string; kind: HtmlKind; schemas: readonly string[]; consoles: readonly string[] }> = [
  {
    field: 'membership item title',
    kind: 'inline',
    schemas: ['event MembershipTierDefined: fields.items[].title', 'event MembershipTierRevised: changes.items[].title'],
    consoles: ['web-member/src/components/membership-tiers.tsx', 'web-admin/src/memberships/MembershipShow.tsx'],
  },
  {
    field: 'prize description',
    kind: 'rich',
    schemas: ['event PrizeCreated: fields.description', 'event PrizeUpdated: changes.description'],
    consoles: ['web-member/src/features/draws/event-page.tsx', 'web-admin/src/prizes/PrizeShow.tsx'],
  },
  {
    // Issue 22: generated from the draw's data through the same policy; the member console shows it at /events/{slug}/terms.
    field: 'draw terms',
    kind: 'rich',
    schemas: ['event DrawTermsIssued: html'],
    consoles: ['web-member/src/features/draws/terms-page.tsx'],
  },
  {
    field: 'page content',
    kind: 'rich',
    schemas: ['pageFieldsSchema: content'],
    consoles: ['web-member/src/components/layouts/information-layout.tsx', 'web-admin/src/content-pages/HtmlPreview.tsx'],
  },
  {
    field: 'FAQ answer',
    kind: 'rich',
    schemas: ['faqFieldsSchema: answer'],
    consoles: ['web-member/src/features/faq/faq-page.tsx', 'web-admin/src/content-pages/HtmlPreview.tsx'],
  },
  {
    field: 'winners overview',
    kind: 'rich',
    schemas: ['winnersPageFieldsSchema: overview_description'],
    consoles: ['web-member/src/features/winners/winners-page.tsx', 'web-admin/src/content-pages/HtmlPreview.tsx'],
  },
];

function allSchemaLeaves(): Map<string, HtmlKind | null> {
  const leaves = new Map<string, HtmlKind | null>();
  const registry = createEventRegistry();
  for (const type of registry.types()) {
    const own = new Map<string, HtmlKind | null>();
    htmlLeaves(registry.definitionOf(type)!.schema, '', own);
    for (const [path, kind] of own) leaves.set(`event ${type}: ${path}`, kind);
  }
  // Every zod schema the content module exports (its pages, FAQs, winners page, testimonials, home blocks...).
  const content: Array<[string, unknown]> = Object.entries(contentCollections);
  for (const [name, schema] of content) {
    if (!(schema instanceof ZodType)) continue;
    const own = new Map<string, HtmlKind | null>();
    htmlLeaves(schema, '', own);
    for (const [path, kind] of own) leaves.set(`${name}: ${path}`, kind);
  }
  return leaves;
}

/** The one SafeHtml component of each console: the only files that may set HTML. */
const COMPONENTS = ['web-member/src/components/ui/safe-html.tsx', 'web-admin/src/ui/SafeHtml.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('one HTML policy for every field rendered as HTML', () => {
  const leaves = allSchemaLeaves();

  it('finds the string fields of every event and content schema', () => {
    expect(leaves.size).toBeGreaterThan(100);
    expect(leaves.get('faqFieldsSchema: question')).toBeNull();
    expect(leaves.get('homeBlocksFieldsSchema: features[].copy')).toBeNull();
    expect(leaves.get('event PrizeCreated: fields.title')).toBeNull();
  });

  it('every field rendered as HTML is one of the two HTML primitives, of its kind', () => {
    for (const entry of RENDERED_AS_HTML) {
      for (const path of entry.schemas) expect({ path, kind: leaves.get(path) }).toEqual({ path, kind: entry.kind });
    }
  });

  it('no schema holds an HTML field that the list above does not account for', () => {
    const listed = new Set(RENDERED_AS_HTML.flatMap((e) => e.schemas));
    expect([...leaves].filter(([path, kind]) => kind !== null && !listed.has(path)).map(([path]) => path)).toEqual([]);
  });

  it('the consoles render HTML only through SafeHtml, and only in the files the list names', () => {
    const named = new Set(RENDERED_AS_HTML.flatMap((e) => e.consoles));
    const sinks: string[] = [];
    const raw: string[] = [];
    for (const app of ['web-member/src', 'web-admin/src']) {
      for (const file of sourceFiles(join(ROOT, app))) {
        const at = relative(ROOT, file);
        const source = readFileSync(file, 'utf8');
        if (COMPONENTS.includes(at)) continue;
        if (/dangerouslySetInnerHTML|\.innerHTML\s*=|\bRichTextField\b/.test(source)) raw.push(at);
        if (/<SafeHtml(Field)?\b/.test(source)) sinks.push(at);
      }
    }
    expect(raw).toEqual([]);
    expect(sinks.filter((f) => !named.has(f))).toEqual([]);
    expect([...named].filter((f) => !sinks.includes(f))).toEqual([]);
  });

  it('each console cleans again with the allow-list of the domain', () => {
    for (const file of COMPONENTS) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const list = (name: string) => JSON.parse(source.match(new RegExp(`const ${name} = (\\[[^\\]]*\\])`))![1]!.replaceAll("'", '"')) as string[];
      expect({ file, inline: list('INLINE_TAGS'), block: list('BLOCK_TAGS') }).toEqual({ file, inline: [...INLINE_TAGS], block: [...BLOCK_TAGS] });
      expect(new Set(list('ALLOWED_ATTR'))).toEqual(new Set(Object.values(ALLOWED_ATTRIBUTES).flat()));
    }
  });
});
