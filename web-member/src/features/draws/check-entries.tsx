import { useState } from 'react';
import { entryIsCommitted } from '../../lib/draw-verify';
import { fetchEntryProof } from './api';

type Check = { kind: 'idle' } | { kind: 'busy' } | { kind: 'verified'; text: string } | { kind: 'failed'; text: string };

/**
 * Issue 24: "Check my entries" on a closed draw. The browser checks each inclusion proof the api
 * sends against the entry root the close recorded, with its own SHA-256 (WebCrypto).
 */
export async function checkEntries(slug: string): Promise<Check> {
  const result = await fetchEntryProof(slug);
  if (!result.ok) return { kind: 'failed', text: result.error };
  const { entries, entry_count: size, entry_root: root, total_tickets: total } = result.data;
  if (entries.length === 0) return { kind: 'failed', text: `None of your entries are in the committed list of ${total}.` };
  let mine = 0;
  for (const entry of entries) {
    if (!(await entryIsCommitted(entry, size, root)))
      return {
        kind: 'failed',
        text: `Not verified: tickets ${entry.first_ticket}-${entry.first_ticket + entry.tickets - 1} do not prove to the committed root.`,
      };
    mine += entry.tickets;
  }
  return { kind: 'verified', text: `Verified: your ${mine} ${mine === 1 ? 'entry is' : 'entries are'} in the committed list of ${total}.` };
}

export function CheckEntriesButton({ slug }: { slug: string }) {
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const run = async () => {
    setCheck({ kind: 'busy' });
    try {
      setCheck(await checkEntries(slug));
    } catch (error) {
      setCheck({ kind: 'failed', text: `Not verified: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  return (
    <div className="my-draws__check">
      <button type="button" className="btn btn--ghost" onClick={() => void run()} disabled={check.kind === 'busy'} aria-busy={check.kind === 'busy'}>
        {check.kind === 'busy' ? 'Checking...' : 'Check my entries'}
      </button>
      {(check.kind === 'verified' || check.kind === 'failed') && (
        <p className={check.kind === 'verified' ? 'my-draws__verified' : 'my-draws__unverified'} role="status" data-testid="entry-check">
          {check.text}
        </p>
      )}
    </div>
  );
}
