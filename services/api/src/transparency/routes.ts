import { Router } from 'express';
import {
  consistencyQuerySchema,
  inclusionQuerySchema,
  TRANSPARENCY_TEXT,
  treeHeadsQuerySchema,
  treeHeadText,
  type TreeHeadView,
} from '@roar/contracts/transparency';
import {
  latestSigningKey,
  listTreeHeads,
  migrateTransparency,
  readSealedLeaves,
  readSealedState,
  storedConsistencyProof,
  storedInclusionProof,
  type TreeHead,
} from '@roar/platform';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { parseQuery } from '../http/validate';
import { transparencyKeyOf } from './key';
import './docs';

export const LEAF_ENCODING =
  'leaf = SHA-256(0x00 || "roar-leaf-v1" || field(stream id) || field(revision, decimal) || field(type) || field(data) || field(metadata)); ' +
  'field(x) = 4-byte big-endian length of the UTF-8 bytes of x, then those bytes; data and metadata in canonical JSON (keys sorted, no whitespace); ' +
  'node = SHA-256(0x01 || left || right); the tree splits at the largest power of two below n (RFC 9162 2.1.1).';

export function toTreeHeadView(head: TreeHead & { readonly id: number }): TreeHeadView {
  const view = {
    id: head.id,
    tree_size: head.treeSize,
    root_hash: head.rootHash.toString('hex'),
    issued_at: head.issuedAt,
    drand_round: head.drandRound,
    key_id: head.keyId,
    signature: head.signature.toString('hex'),
  };
  return { ...view, signed_text: treeHeadText(view) };
}

/** The sealed log, public: tree heads, the club's public key, inclusion and consistency proofs. */
export function createTransparencyRouter(app: AppContext): Router {
  const router = Router();
  let migrated: Promise<void> | null = null;
  const ready = () => (migrated ??= migrateTransparency(app.sql).catch((error: unknown) => ((migrated = null), Promise.reject(error))));

  router.get('/api/transparency/tree-heads', async (req, res) => {
    const { limit, before } = parseQuery(treeHeadsQuerySchema, req);
    await ready();
    const heads = await listTreeHeads(app.sql, limit + 1, before);
    const page = heads.slice(0, limit);
    res.json({ data: page.map(toTreeHeadView), next_before: heads.length > limit ? page[page.length - 1]!.id : null });
  });

  // The key the sealer signs with, as it registered it (an api replica may hold no private key);
  // before the sealer's first start, this process's own configured key.
  router.get('/api/transparency/public-key', async (_req, res) => {
    await ready();
    const key = (await latestSigningKey(app.sql)) ?? transparencyKeyOf(app.config);
    res.json({ data: { algorithm: 'Ed25519', key_id: key.keyId, public_key_pem: key.publicKeyPem, leaf_encoding: LEAF_ENCODING } });
  });

  router.get('/api/transparency/inclusion', async (req, res) => {
    const { position, tree_size } = parseQuery(inclusionQuerySchema, req);
    await ready();
    const sealed = await readSealedState(app.sql);
    if (tree_size < 1 || tree_size > sealed.size) throw new HttpError(404, TRANSPARENCY_TEXT.sizeOutOfRange, 'NOT_FOUND');
    if (position >= tree_size) throw new HttpError(400, TRANSPARENCY_TEXT.positionOutOfRange, 'INVALID_QUERY');
    const [leaf] = await readSealedLeaves(app.sql, position, 1);
    if (!leaf) throw new HttpError(404, TRANSPARENCY_TEXT.sizeOutOfRange, 'NOT_FOUND');
    const proof = await storedInclusionProof(app.sql, position, tree_size);
    res.json({
      data: {
        position,
        tree_size,
        leaf_hash: leaf.hash.toString('hex'),
        event_id: leaf.eventId,
        stream_id: leaf.streamId,
        revision: leaf.revision.toString(),
        audit_path: proof.map((h) => h.toString('hex')),
      },
    });
  });

  router.get('/api/transparency/consistency', async (req, res) => {
    const { first, second } = parseQuery(consistencyQuerySchema, req);
    if (first < 1 || first > second) throw new HttpError(400, TRANSPARENCY_TEXT.firstAfterSecond, 'INVALID_QUERY');
    await ready();
    const sealed = await readSealedState(app.sql);
    if (second > sealed.size) throw new HttpError(404, TRANSPARENCY_TEXT.sizeOutOfRange, 'NOT_FOUND');
    const proof = await storedConsistencyProof(app.sql, first, second);
    res.json({ data: { first, second, proof: proof.map((h) => h.toString('hex')) } });
  });

  return router;
}
