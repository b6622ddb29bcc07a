import { useEffect, useState } from 'react';
import type { ApiResult } from './api-client';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; data: T };

/** Loading, error, loaded (spec section 4) for one call; re-runs when `key` changes. */
export function useLoad<T>(load: () => Promise<ApiResult<T>>, key: string): [LoadState<T>, () => void] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void load().then((r) => live && setState(r.ok ? { status: 'loaded', data: r.data } : { status: 'error', error: r.error }));
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` names what it loads.
  }, [key, round]);
  return [state, () => setRound((n) => n + 1)];
}
