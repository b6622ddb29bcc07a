/**
 * What the event store's jsonb column can hold, checked for every payload whatever its schema:
 * PostgreSQL refuses a NUL character and a lone UTF-16 surrogate inside jsonb text, so an event
 * carrying one would fail at append time with a 500 (or, in EventStoreDB, be stored and then break
 * every projector that copies it into a text column). The domain's `text()` says the same per field.
 */
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Paths (`a.b.0`) of every string value or key that cannot be stored. */
export function unstorablePaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return unstorable.test(value) ? [path || '(value)'] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorablePaths(item, path ? `${path}.${i}` : String(i)));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => {
      const field = path ? `${path}.${key}` : key;
      return unstorable.test(key) ? [field] : unstorablePaths(item, field);
    });
  }
  return [];
}
