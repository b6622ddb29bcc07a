import { z } from 'zod';

/**
 * Issue 24: proofs a member's browser, or anyone's, checks without trusting the club's server.
 * The committed entry list is an RFC 9162 Merkle tree, one leaf per entrant in list order, the
 * leaf input the UTF-8 text "<first ticket>\t<entrant id>\t<tickets>\n" (`entryLeafText`).
 */
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash in hex');
const hex = z.string().regex(/^(?:[0-9a-f]{2})*$/, 'hex');

/** The leaf input of one entrant of the committed list: what its leaf hash covers (after the 0x00 prefix). */
export function entryLeafText(entry: { first_ticket: number; entrant_id: string; tickets: number }): string {
  return `${entry.first_ticket}\t${entry.entrant_id}\t${entry.tickets}\n`;
}

export const ENTRY_PROOF_TEXT = {
  notFound: 'This prize does not exist.',
  notClosed: 'The entries of this draw are not closed yet.',
  noTree: 'This draw closed before entry proofs: its list hash alone commits to its list.',
} as const;

export const entryProofSchema = z.object({
  index: z.number().int().min(0).describe('Leaf index: the entrant’s position in the committed list'),
  entrant_id: z.string(),
  first_ticket: z.number().int().min(0).describe('The entrant’s first ticket number in the list, from 0'),
  tickets: z.number().int().positive(),
  proof: z.array(hash).describe('RFC 9162 inclusion proof of the leaf in the tree of entry_count leaves'),
});
export type EntryProof = z.infer<typeof entryProofSchema>;

/** `GET /api/my-draws/{slug}/entry-proof` (member bearer). */
export const entryProofAnswerSchema = z.object({
  data: z.object({
    prize_id: z.string(),
    slug: z.string(),
    title: z.string(),
    list_hash: hash,
    entry_root: hash,
    entry_count: z.number().int().min(0),
    total_tickets: z.number().int().min(0),
    leaf_encoding: z.string(),
    entries: z.array(entryProofSchema).describe('The member’s entrants in the list (empty when they are not in it)'),
  }),
});
export type EntryProofAnswer = z.infer<typeof entryProofAnswerSchema>['data'];

/** `GET /api/draws/{slug}/verify` (public): what the verify page recomputes in the browser. */
export const publicDrawVerificationAnswerSchema = z.object({
  data: z.object({
    prize_id: z.string(),
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    method: z.enum(['commit-reveal', 'beacon']).nullable(),
    commitment: hash.nullable(),
    beacon: z
      .object({
        name: z.string(),
        round: z.number().int().positive(),
        chain_hash: z.string().nullable(),
        public_key: z.string().nullable(),
        scheme: z.string().nullable(),
        genesis_time: z.number().nullable(),
        period: z.number().nullable(),
      })
      .nullable(),
    closed: z
      .object({
        as_of: z.string(),
        list_hash: hash,
        entry_root: hash.nullable(),
        entry_count: z.number().int().min(0),
        total_tickets: z.number().int().min(0),
        tree_head: z.object({ size: z.number().int().min(0), root_hash: hash }).nullable(),
      })
      .nullable(),
    revealed: z
      .object({
        randomness: hex,
        seed: hash,
        round: z.object({ round: z.number().int().positive(), signature: hex, previous_signature: hex.nullable() }).nullable(),
      })
      .nullable(),
    winners: z.array(
      z.object({
        k: z.number().int().min(0),
        ticket: z.number().int().min(0),
        entrant_id: z.string(),
        /** The winning entrant's leaf and its inclusion proof in the entry tree, when the close recorded one. */
        leaf: entryProofSchema.nullable(),
      }),
    ),
    leaf_encoding: z.string(),
  }),
});
export type PublicDrawVerification = z.infer<typeof publicDrawVerificationAnswerSchema>['data'];
