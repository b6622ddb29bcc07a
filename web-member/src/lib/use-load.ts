import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api-client';
import { usePreloaded } from './preload';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; data: T };

const stateOf = <T>(r: ApiResult<T>): LoadState<T> => (r.ok ? { status: 'loaded', data: r.data } : { status: 'error', error: r.error });

/**
 * Loading, error, loaded (spec section 4) for one call; re-runs when `key` changes. A page the
 * server rendered starts from the answer it rendered with (lib/preload.tsx) and does not ask again.
 */
export function useLoad<T>(load: () => Promise<ApiResult<T>>, key: string): [LoadState<T>, () => void] {
  const preloaded = usePreloaded(key, load);
  const [state, setState] = useState<LoadState<T>>(() => (preloaded.found ? stateOf(preloaded.value) : { status: 'loading' }));
  const [round, setRound] = useState(0);
  const skipFirst = useRef(preloaded.found);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void load().then((r) => live && setState(stateOf(r)));
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` names what it loads.
  }, [key, round]);
  return [state, () => setRound((n) => n + 1)];
}
