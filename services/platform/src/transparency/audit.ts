import type { KeyObject } from 'node:crypto';
import type { Sql } from '../db/sql';
import { START, type EventStore, type Position } from '../eventstore/types';
import { eventLeafHash } from './leaf';
import { consistencyProof, MemoryTree, verifyConsistency, type Hash } from './merkle';
import { readSealedLeaves } from './tree-store';
import { allTreeHeads, verifyTreeHead } from './tree-head';

export type LogDifference =
  | {
      readonly kind: 'edited' | 'deleted' | 'inserted' | 'reordered';
      readonly position: number;
      readonly streamId: string;
      readonly revision: string;
    }
  | { readonly kind: 'bad-signature'; readonly headId: number; readonly treeSize: number }
  | { readonly kind: 'contradicting-head'; readonly headId: number; readonly treeSize: number; readonly earlierTreeSize: number }
  | { readonly kind: 'head-mismatch'; readonly headId: number; readonly treeSize: number; readonly what: 'log' | 'sealed-records' };

export interface LogAuditReport {
  readonly verified: boolean;
  readonly events: number;
  readonly heads: number;
  readonly latest: { readonly treeSize: number; readonly rootHash: string } | null;
  readonly differences: readonly LogDifference[];
}

interface LogLeaf {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: string;
  readonly hash: Hash;
}

/**
 * Verifies the whole log against every signed tree head: each signature (with the club's public
 * key), each head's consistency with the heads signed before it (RFC 9162 2.1.4, a proof taken over
 * the sealed records), and the tree recomputed from the events as the store holds them now against
 * each head's root. Where they differ, the events are compared with what was sealed (by event id)
 * to say which event was edited, deleted, inserted or reordered, at which position of the global
 * order (the leaf index) and in which stream. Works on any EventStore (its readAll).
 */
export async function auditLog(options: {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly publicKey: KeyObject;
  readonly pageSize?: number;
}): Promise<LogAuditReport> {
  const { sql, store, publicKey } = options;
  const pageSize = options.pageSize ?? 2000;
  const differences: LogDifference[] = [];

  // What was sealed, and its tree.
  const sealed: LogLeaf[] = [];
  const sealedTree = new MemoryTree();
  for (;;) {
    const page = await readSealedLeaves(sql, sealed.length, pageSize);
    for (const leaf of page) {
      sealed.push({ eventId: leaf.eventId, streamId: leaf.streamId, revision: leaf.revision.toString(), hash: leaf.hash });
      sealedTree.appendLeafHash(leaf.hash);
    }
    if (page.length < pageSize) break;
  }

  // The log as the store holds it now, and its tree.
  const log: LogLeaf[] = [];
  const logTree = new MemoryTree();
  let after: Position = START;
  for (;;) {
    const page = await store.readAll(after, pageSize);
    for (const event of page) {
      const hash = eventLeafHash(event);
      log.push({ eventId: event.id, streamId: event.streamId, revision: event.revision.toString(), hash });
      logTree.appendLeafHash(hash);
    }
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
  }

  const logMatches = (size: number, root: Hash) => size <= logTree.size && logTree.root(size).equals(root);
  const sealedMatches = (size: number, root: Hash) => size <= sealedTree.size && sealedTree.root(size).equals(root);

  // The heads: signatures, then consistency with the last good head before each, proved over a
  // tree that reproduces the later head (the log as it is, else the sealed records).
  const heads = await allTreeHeads(sql);
  let trusted: (typeof heads)[number] | null = null;
  const good: typeof heads = [];
  for (const head of heads) {
    if (!verifyTreeHead(publicKey, head)) {
      differences.push({ kind: 'bad-signature', headId: head.id, treeSize: head.treeSize });
      continue;
    }
    if (trusted) {
      const tree = logMatches(head.treeSize, head.rootHash) ? logTree : sealedTree;
      let consistent = head.treeSize >= trusted.treeSize && head.treeSize <= tree.size;
      if (consistent) {
        const proof = trusted.treeSize === head.treeSize ? [] : consistencyProof(trusted.treeSize, head.treeSize, tree.rangeHash);
        consistent = verifyConsistency(trusted.treeSize, head.treeSize, trusted.rootHash, head.rootHash, proof);
      }
      if (!consistent) {
        differences.push({ kind: 'contradicting-head', headId: head.id, treeSize: head.treeSize, earlierTreeSize: trusted.treeSize });
        continue;
      }
    }
    trusted = head;
    good.push(head);
  }

  // The sealed records (what the proofs are served from) must reproduce every good head.
  for (const head of good) {
    if (!sealedMatches(head.treeSize, head.rootHash))
      differences.push({ kind: 'head-mismatch', headId: head.id, treeSize: head.treeSize, what: 'sealed-records' });
  }
  // The log must too; where it does not, say which events differ from what was sealed.
  if (good.some((h) => !logMatches(h.treeSize, h.rootHash))) {
    const explained = differencesBetween(sealed, log);
    differences.push(...explained);
    if (explained.length === 0) {
      for (const head of good) {
        if (!logMatches(head.treeSize, head.rootHash))
          differences.push({ kind: 'head-mismatch', headId: head.id, treeSize: head.treeSize, what: 'log' });
      }
    }
  }
  const latest = good[good.length - 1];
  return {
    verified: differences.length === 0,
    events: log.length,
    heads: heads.length,
    latest: latest ? { treeSize: latest.treeSize, rootHash: latest.rootHash.toString('hex') } : null,
    differences,
  };
}

/** Event-by-event differences between what was sealed and the log now (matched by event id). */
export function differencesBetween(sealed: readonly LogLeaf[], log: readonly LogLeaf[]): LogDifference[] {
  const out: LogDifference[] = [];
  const sealedIndex = new Map(sealed.map((leaf, i) => [leaf.eventId, i]));
  const logIndex = new Map(log.map((leaf, i) => [leaf.eventId, i]));
  let lastSealedInLog = -1;
  log.forEach((leaf, i) => {
    if (sealedIndex.has(leaf.eventId)) lastSealedInLog = i;
  });
  const at = (kind: 'edited' | 'deleted' | 'inserted' | 'reordered', position: number, leaf: LogLeaf) =>
    out.push({ kind, position, streamId: leaf.streamId, revision: leaf.revision });
  // Deleted: sealed, gone from the log.
  sealed.forEach((leaf, i) => {
    if (!logIndex.has(leaf.eventId)) at('deleted', i, leaf);
  });
  // Inserted: in the log among sealed events, never sealed (events after the last sealed one are
  // simply not sealed yet).
  log.forEach((leaf, i) => {
    if (!sealedIndex.has(leaf.eventId) && i < lastSealedInLog) at('inserted', i, leaf);
  });
  // Reordered and edited: the events both hold, in the order each holds them.
  const commonLog = log.filter((leaf) => sealedIndex.has(leaf.eventId));
  const commonSealed = sealed.filter((leaf) => logIndex.has(leaf.eventId));
  commonLog.forEach((leaf, k) => {
    const position = sealedIndex.get(leaf.eventId)!;
    if (commonSealed[k]!.eventId !== leaf.eventId) at('reordered', position, leaf);
    if (!sealed[position]!.hash.equals(leaf.hash)) at('edited', position, leaf);
  });
  return out.sort((a, b) => ('position' in a && 'position' in b ? a.position - b.position : 0));
}

export function describeDifference(d: LogDifference): string {
  switch (d.kind) {
    case 'bad-signature':
      return `tree head ${d.headId} (size ${d.treeSize}): the signature does not verify`;
    case 'contradicting-head':
      return `tree head ${d.headId} (size ${d.treeSize}) contradicts the earlier tree head of size ${d.earlierTreeSize}`;
    case 'head-mismatch':
      return d.what === 'log'
        ? `tree head ${d.headId} (size ${d.treeSize}): the log's root differs`
        : `tree head ${d.headId} (size ${d.treeSize}): the sealed records' root differs (the sealed tree was altered)`;
    default:
      return `${d.kind} event at position ${d.position}, stream ${d.streamId} (revision ${d.revision})`;
  }
}
