import { useEffect, useState } from 'react';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { useLoad } from '../../lib/use-load';
import { checkSignature, fetchPublicKey, fetchTreeHeads, type SignatureCheck, type TreeHeadView } from './api';
import './transparency.css';

const SIGNATURE_TEXT: Record<SignatureCheck, string> = {
  valid: 'Signature checked in your browser: valid.',
  invalid: 'Signature checked in your browser: INVALID. Please tell the club.',
  unsupported: 'This browser cannot check Ed25519 signatures itself: use the commands below.',
};

/**
 * `/transparency`, public: the latest signed tree head of the sealed event log, the club's public
 * key, recent heads, and how anyone can check them without trusting the club's server.
 */
export function TransparencyPage() {
  const [heads] = useLoad(() => fetchTreeHeads(10), 'tree-heads');
  const [key] = useLoad(fetchPublicKey, 'public-key');
  const latest = heads.status === 'loaded' ? (heads.data[0] ?? null) : null;
  const [check, setCheck] = useState<SignatureCheck | null>(null);
  useEffect(() => {
    if (!latest || key.status !== 'loaded') return;
    let live = true;
    void checkSignature(latest, key.data.public_key_pem).then((r) => live && setCheck(r));
    return () => {
      live = false;
    };
  }, [latest?.id, key.status]);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="transparency container">
      <Head title="Transparency" />
      <h1 className="transparency__title">A log anyone can check</h1>
      <p className="transparency__lead">
        Every event the club records (memberships, payments, entries, draws) is sealed, in order, into a Merkle tree as Certificate Transparency logs
        do (RFC 9162). Every few seconds of activity the club signs the tree&apos;s size and root with its Ed25519 key. A later tree head can be
        proved to extend every earlier one, so no past event can be edited, removed or reordered without the change showing.
      </p>

      <section className="transparency__card" aria-labelledby="latest-head">
        <h2 id="latest-head">Latest tree head</h2>
        {heads.status === 'loading' && <Spinner />}
        {heads.status === 'error' && <ErrorNote message={heads.error} />}
        {heads.status === 'loaded' && !latest && <p>No tree head has been signed yet.</p>}
        {latest && (
          <>
            <dl className="transparency__fields" data-testid="latest-tree-head">
              <dt>Tree size</dt>
              <dd>{latest.tree_size.toLocaleString('en-AU')} events</dd>
              <dt>Root hash</dt>
              <dd className="transparency__hash">{latest.root_hash}</dd>
              <dt>Signed at</dt>
              <dd>{latest.issued_at}</dd>
              <dt>drand round</dt>
              <dd>{latest.drand_round ?? 'none (no beacon configured)'}</dd>
              <dt>Signature</dt>
              <dd className="transparency__hash">{latest.signature}</dd>
            </dl>
            {check && (
              <p className={`transparency__check transparency__check--${check}`} role="status">
                {SIGNATURE_TEXT[check]}
              </p>
            )}
          </>
        )}
      </section>

      <section className="transparency__card" aria-labelledby="public-key">
        <h2 id="public-key">The club&apos;s public key</h2>
        {key.status === 'loading' && <Spinner />}
        {key.status === 'error' && <ErrorNote message={key.error} />}
        {key.status === 'loaded' && (
          <>
            <pre className="transparency__pem" data-testid="public-key">
              {key.data.public_key_pem.trim()}
            </pre>
            <p className="transparency__small">
              Key id (SHA-256 of the key): <span className="transparency__hash">{key.data.key_id}</span>
            </p>
            <p className="transparency__small">{key.data.leaf_encoding}</p>
          </>
        )}
      </section>

      <section className="transparency__card" aria-labelledby="how-to-check">
        <h2 id="how-to-check">How to check it yourself</h2>
        <ol className="transparency__steps">
          <li>
            Save the public key and keep it: a key that changes later is itself a sign that something is wrong.
            <pre>{`curl -s ${origin}/api/transparency/public-key | jq -r .data.public_key_pem > club.pem`}</pre>
          </li>
          <li>
            Check the latest tree head&apos;s signature (the signed text is in the answer, byte for byte):
            <pre>{`curl -s "${origin}/api/transparency/tree-heads?limit=1" > head.json
jq -j '.data[0].signed_text' head.json > head.txt
jq -r '.data[0].signature' head.json | xxd -r -p > head.sig
openssl pkeyutl -verify -pubin -inkey club.pem -rawin -in head.txt -sigfile head.sig`}</pre>
          </li>
          <li>
            Keep the heads you have seen. When you come back, ask for a consistency proof from your old size to the new one and check it with any RFC
            9162 verifier (section 2.1.4.2): it proves the new tree contains your old one unchanged.
            <pre>{`curl -s "${origin}/api/transparency/consistency?first=OLD_SIZE&second=NEW_SIZE"`}</pre>
          </li>
          <li>
            To prove one event is in the log, ask for its inclusion proof (section 2.1.3.2) against a signed head:
            <pre>{`curl -s "${origin}/api/transparency/inclusion?position=N&tree_size=SIZE"`}</pre>
          </li>
          <li>Compare the heads you saw with other members&apos; and auditors&apos;: two different roots for one size is proof of tampering.</li>
        </ol>
      </section>

      {heads.status === 'loaded' && heads.data.length > 1 && (
        <section className="transparency__card" aria-labelledby="recent-heads">
          <h2 id="recent-heads">Recent tree heads</h2>
          <ul className="transparency__heads">
            {heads.data.map((h: TreeHeadView) => (
              <li key={h.id}>
                <span>{h.tree_size.toLocaleString('en-AU')} events</span>
                <span className="transparency__hash">{h.root_hash.slice(0, 16)}…</span>
                <span className="transparency__small">{h.issued_at}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
