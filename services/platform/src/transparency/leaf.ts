import type { RecordedEvent } from '../eventstore/types';
import { leafHash, type Hash } from './merkle';

/**
 * The bytes a leaf of the sealed log hashes (its "entry", documented in docs/transparency.md):
 *
 *   "roar-leaf-v1" || field(stream id) || field(revision) || field(type) || field(data) || field(metadata)
 *
 * where field(x) is the 4-byte big-endian length of x's UTF-8 bytes followed by those bytes, the
 * revision is written in decimal, and data and metadata are the stored payloads in canonical JSON
 * (canonicalJson below: object keys sorted by code unit, no whitespace, numbers and strings as
 * JSON.stringify writes them). Both event store adapters hand back the same parsed payloads, so the
 * same event hashes the same on either, and re-encoding a payload (jsonb normalises key order and
 * whitespace) cannot change its leaf. The event id and the store's own position are not hashed:
 * the position in the tree is the leaf index.
 */
export const LEAF_VERSION = 'roar-leaf-v1';

/** JSON with object keys sorted and no whitespace: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (value === undefined) return 'null';
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number in an event payload');
    if (typeof value === 'bigint') return value.toString();
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

function field(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export interface LeafSource {
  readonly streamId: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

export function leafInput(event: LeafSource): Buffer {
  return Buffer.concat([
    Buffer.from(LEAF_VERSION, 'utf8'),
    field(event.streamId),
    field(event.revision.toString()),
    field(event.type),
    field(canonicalJson(event.data)),
    field(canonicalJson(event.metadata)),
  ]);
}

export function eventLeafHash(event: LeafSource | RecordedEvent): Hash {
  return leafHash(leafInput(event));
}
