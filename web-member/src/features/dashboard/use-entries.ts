import { useEffect, useState } from 'react';
import { fetchEntries, type EntryLedger } from './api';

export type EntriesState = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; ledger: EntryLedger };

export function useEntries(): EntriesState {
  const [state, setState] = useState<EntriesState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void fetchEntries().then((r) => live && setState(r.ok ? { status: 'loaded', ledger: r.data } : { status: 'error', error: r.error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
