import { z } from 'zod';

/**
 * The sealed log (RFC 9162 Merkle tree over every event, in the store's settled global order):
 * signed tree heads, the club's public key, and inclusion and consistency proofs. Hashes are
 * 64 lowercase hex digits; signatures are Ed25519 over the tree head's text (see `treeHeadText`).
 */
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash in hex');
const size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const treeHeadSchema = z.object({
  id: z.number().int().positive().describe('Order in which the heads were signed (for paging)'),
  tree_size: z.number().int().min(0),
  root_hash: hash,
  issued_at: z.string().describe('ISO-8601 instant the head was signed'),
  drand_round: z.number().int().positive().nullable().describe('The latest drand round the sealer had seen, null without a beacon'),
  key_id: hash.describe('SHA-256 of the public key (SubjectPublicKeyInfo DER)'),
  signature: z.string().regex(/^[0-9a-f]{128}$/, 'an Ed25519 signature in hex'),
  signed_text: z.string().describe('The exact text the signature covers'),
});
export type TreeHeadView = z.infer<typeof treeHeadSchema>;

/** The signed text of a tree head: what a browser or a script verifies the signature against. */
export function treeHeadText(head: Pick<TreeHeadView, 'tree_size' | 'root_hash' | 'issued_at' | 'drand_round'>): string {
  return `roar-tree-head-v1\n${head.tree_size}\n${head.root_hash}\n${head.issued_at}\n${head.drand_round === null ? 'none' : String(head.drand_round)}\n`;
}

export const treeHeadsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().optional().describe('Only heads signed before this id (the previous page’s next_before)'),
});

export const treeHeadsAnswerSchema = z.object({
  data: z.array(treeHeadSchema),
  next_before: z.number().int().positive().nullable().describe('Pass as `before` for the next (older) page; null on the last'),
});

export const publicKeyAnswerSchema = z.object({
  data: z.object({
    algorithm: z.literal('Ed25519'),
    key_id: hash,
    public_key_pem: z.string(),
    leaf_encoding: z.string().describe('How an event becomes a leaf'),
  }),
});

export const inclusionQuerySchema = z.object({
  position: size.describe('0-based position of the event in the global order (its leaf index)'),
  tree_size: size.describe('Size of the tree (a signed tree head) the proof is for'),
});

export const inclusionAnswerSchema = z.object({
  data: z.object({
    position: z.number().int().min(0),
    tree_size: z.number().int().min(1),
    leaf_hash: hash,
    event_id: z.string(),
    stream_id: z.string(),
    revision: z.string(),
    audit_path: z.array(hash).describe('RFC 9162 2.1.3 inclusion proof, nearest sibling first'),
  }),
});

export const consistencyQuerySchema = z.object({
  first: size.describe('The earlier tree size'),
  second: size.describe('The later tree size'),
});

export const consistencyAnswerSchema = z.object({
  data: z.object({
    first: z.number().int().min(1),
    second: z.number().int().min(1),
    proof: z.array(hash).describe('RFC 9162 2.1.4 consistency proof'),
  }),
});

export const TRANSPARENCY_TEXT = {
  sizeOutOfRange: 'That tree size is not sealed yet.',
  positionOutOfRange: 'There is no event at that position in a tree of that size.',
  firstAfterSecond: 'The first tree size must be at least 1 and at most the second.',
} as const;
