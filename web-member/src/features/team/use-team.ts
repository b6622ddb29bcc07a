import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTeam, type Team } from './api';
import type { TeamLoad } from './team-flow';

/**
 * The member's team (`GET /api/team`), reloadable. The team read model catches up with a
 * payment a moment after the checkout returns (the webhook is asynchronous), so `until` keeps
 * re-reading, about once a second for up to 20 s, while it says the wanted state is not there yet.
 */
export function useTeam(enabled: boolean, until?: (team: Team | null) => boolean): [TeamLoad, (team?: Team) => void] {
  const [load, setLoad] = useState<TeamLoad>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // Read at each attempt: a new function each render must not restart the polling.
  const wanted = useRef(until);
  wanted.current = until;
  const reload = useCallback((team?: Team) => {
    if (team) setLoad({ status: 'loaded', team });
    else setRound((r) => r + 1);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: number | undefined;
    const read = async (attempt: number) => {
      const result = await fetchTeam();
      if (!live) return;
      setLoad(result.ok ? { status: 'loaded', team: result.data } : { status: 'error', error: result.error });
      if (result.ok && wanted.current && !wanted.current(result.data) && attempt < 20) timer = window.setTimeout(() => void read(attempt + 1), 1000);
    };
    void read(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [enabled, round]);
  return [load, reload];
}
