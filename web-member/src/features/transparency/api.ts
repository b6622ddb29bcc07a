import { publicKeyAnswerSchema, treeHeadsAnswerSchema, type TreeHeadView } from '@roar/contracts/transparency';
import { apiRequest, type ApiResult } from '../../lib/api-client';

export type { TreeHeadView };
export interface PublicKeyView {
  readonly algorithm: 'Ed25519';
  readonly key_id: string;
  readonly public_key_pem: string;
  readonly leaf_encoding: string;
}

/** `GET /api/transparency/tree-heads`: the newest signed tree heads. */
export async function fetchTreeHeads(limit = 10): Promise<ApiResult<TreeHeadView[]>> {
  const result = await apiRequest(`/api/transparency/tree-heads?limit=${limit}`, { schema: treeHeadsAnswerSchema, serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /api/transparency/public-key`: the club's Ed25519 key that signs them. */
export async function fetchPublicKey(): Promise<ApiResult<PublicKeyView>> {
  const result = await apiRequest('/api/transparency/public-key', { schema: publicKeyAnswerSchema, serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export type SignatureCheck = 'valid' | 'invalid' | 'unsupported';

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> => new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));

/** Checks a tree head's Ed25519 signature in this browser (WebCrypto), against the published key. */
export async function checkSignature(head: TreeHeadView, pem: string): Promise<SignatureCheck> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return 'unsupported';
  try {
    const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    const key = await subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
    const ok = await subtle.verify({ name: 'Ed25519' }, key, hexBytes(head.signature), new TextEncoder().encode(head.signed_text));
    return ok ? 'valid' : 'invalid';
  } catch {
    return 'unsupported';
  }
}
