import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of /api/openapi.json: valid-ish values that follow
 * the schema (so a request gets past the first check and reaches deeper code), and the malformed
 * inputs a client or an attacker can send instead. Every class the API once answered with 500 is here.
 */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly nullable?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: string;
}

/** Strings PostgreSQL cannot store, dates JavaScript parses and PostgreSQL refuses, huge numbers. */
export const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\ud83d',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '',
] as const;
export const NASTY_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -1, 0.5, 1e308, -0] as const;
/** Path segments as sent on the wire: bad escapes, overlong and surrogate UTF-8, NUL, out-of-range ids. */
export const NASTY_SEGMENTS = [
  '%ff',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '2147483648',
  '99999999999999999999',
  '-1',
  '1e3',
  '..',
  '%2e%2e',
  'x'.repeat(300),
] as const;

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, [], {}, ['\u0000'], { nested: '\ud800' }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return [...(schema.type as string[])];
  return schema.type ? [schema.type as string] : [];
}

/** A value that follows the schema, as far as the generator understands it. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0], depth + 1);
  const arbs = types(schema).map((t) => byType(t, schema, depth));
  if (schema.nullable) arbs.push(fc.constant(null));
  return arbs.length > 0 ? fc.oneof(...arbs) : fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 50 }));
}

function byType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ min: Math.max(schema.minimum ?? 0, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.constant(null);
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    default: {
      const minLength = Math.min(schema.minLength ?? 0, 40);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 40)) });
    }
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) record[k] = fromSchema(s, depth + 1);
  const requiredKeys = (schema.required ?? []).filter((k) => k in props);
  return fc.record(record, { requiredKeys });
}

/**
 * Takes a valid-ish value and breaks it: a field swapped for a nasty value, an unknown field
 * added, a field dropped, or the whole value replaced by the wrong type.
 */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat(), nastyValue, fc.constantFrom('swap', 'extra', 'drop', 'replace', 'deep')).map(([value, pick, nasty, how]) => {
    if (how === 'replace' || typeof value !== 'object' || value === null || Array.isArray(value)) return how === 'deep' ? [nasty] : nasty;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys.length > 0 ? keys[pick % keys.length]! : 'id';
    if (how === 'extra') copy[`extra_${pick % 7}`] = nasty;
    else if (how === 'drop') delete copy[key];
    else if (how === 'deep') copy[key] = { value: nasty };
    else copy[key] = nasty;
    return copy;
  });
}

/** A query-string or path value: the schema's own value as text, or a nasty one. */
export function wireText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const valid = fromSchema(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string>(
        ...NASTY_STRINGS,
        ...NASTY_NUMBERS.map(String),
        '[0,2147483648]',
        '{"id":[2147483648]}',
        '["id","DESC"]',
        '{"q":"\\u0000"}',
        '["\\ud800","ASC"]',
      ),
    },
  );
}
