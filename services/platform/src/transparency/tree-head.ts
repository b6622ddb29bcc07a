import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Sql } from '../db/sql';
import { toBigInt } from '../db/sql';
import type { Hash } from './merkle';

/**
 * A signed tree head (RFC 9162 section 4.10, in this log's own encoding): the size of the tree,
 * its root, when it was signed, the latest drand round the sealer had seen (null without a beacon),
 * signed with the club's Ed25519 key. The signed bytes are the UTF-8 text
 *
 *   "roar-tree-head-v1\n" size "\n" root (64 lowercase hex) "\n" issuedAt (ISO-8601) "\n" drandRound (decimal, or "none") "\n"
 */
export interface TreeHead {
  readonly treeSize: number;
  readonly rootHash: Hash;
  readonly issuedAt: string;
  readonly drandRound: number | null;
  /** SHA-256 of the public key's DER (SubjectPublicKeyInfo), hex. */
  readonly keyId: string;
  readonly signature: Buffer;
}

export type UnsignedTreeHead = Omit<TreeHead, 'keyId' | 'signature'>;

export function treeHeadMessage(head: UnsignedTreeHead): Buffer {
  return Buffer.from(
    `roar-tree-head-v1\n${head.treeSize}\n${head.rootHash.toString('hex')}\n${head.issuedAt}\n${head.drandRound === null ? 'none' : String(head.drandRound)}\n`,
    'utf8',
  );
}

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The public key as PEM (SubjectPublicKeyInfo), what the club publishes. */
  readonly publicKeyPem: string;
  readonly keyId: string;
}

export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the transparency signing key must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), keyId: keyIdOf(publicKey) };
}

/**
 * The club's signing key: TRANSPARENCY_SIGNING_KEY (PKCS#8 PEM) when set, else the PEM file at
 * `file` (generated on first use; processes starting together agree on the first one written).
 */
export function loadSigningKey(options: { readonly pem?: string; readonly file: string }): SigningKey {
  if (options.pem) return signingKeyFromPem(options.pem.replace(/\\n/g, '\n'));
  if (!existsSync(options.file)) {
    mkdirSync(dirname(options.file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const draft = `${options.file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(draft, options.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return signingKeyFromPem(readFileSync(options.file, 'utf8'));
}

export function signTreeHead(key: SigningKey, head: UnsignedTreeHead): TreeHead {
  return { ...head, keyId: key.keyId, signature: sign(null, treeHeadMessage(head), key.privateKey) };
}

export function verifyTreeHead(publicKey: KeyObject, head: TreeHead): boolean {
  try {
    return verify(null, treeHeadMessage(head), publicKey, head.signature);
  } catch {
    return false;
  }
}

export async function insertTreeHead(sql: Sql, head: TreeHead): Promise<void> {
  await sql.query(
    `insert into transparency.tree_heads (tree_size, root_hash, issued_at, drand_round, key_id, signature)
     values ($1, decode($2, 'hex'), $3, $4, $5, decode($6, 'hex'))`,
    [head.treeSize, head.rootHash.toString('hex'), head.issuedAt, head.drandRound, head.keyId, head.signature.toString('hex')],
  );
}

interface HeadRow {
  head_id: unknown;
  tree_size: unknown;
  root_hash: string;
  issued_at: string;
  drand_round: unknown;
  key_id: string;
  signature: string;
}

const HEAD_COLUMNS = `head_id, tree_size, encode(root_hash, 'hex') as root_hash, issued_at, drand_round, key_id, encode(signature, 'hex') as signature`;

function toHead(row: HeadRow): TreeHead & { readonly id: number } {
  return {
    id: Number(toBigInt(row.head_id)),
    treeSize: Number(toBigInt(row.tree_size)),
    rootHash: Buffer.from(row.root_hash, 'hex'),
    issuedAt: row.issued_at,
    drandRound: row.drand_round === null ? null : Number(toBigInt(row.drand_round)),
    keyId: row.key_id,
    signature: Buffer.from(row.signature, 'hex'),
  };
}

/** Tree heads newest first, `limit` of them, those signed before head `before` when given. */
export async function listTreeHeads(sql: Sql, limit: number, before?: number): Promise<Array<TreeHead & { readonly id: number }>> {
  const r = await sql.query<HeadRow>(
    `select ${HEAD_COLUMNS} from transparency.tree_heads where ($2::bigint is null or head_id < $2) order by head_id desc limit $1`,
    [limit, before ?? null],
  );
  return r.rows.map(toHead);
}

/** Every tree head in the order signed. */
export async function allTreeHeads(sql: Sql): Promise<Array<TreeHead & { readonly id: number }>> {
  const r = await sql.query<HeadRow>(`select ${HEAD_COLUMNS} from transparency.tree_heads order by head_id`);
  return r.rows.map(toHead);
}
