import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiRequest, type ApiResult } from './api-client';
import { membershipSchema } from '@roar/contracts/members';
import { dataOf, type Membership } from '../types/api';
import { usePreloaded } from './preload';

/** The catalogue as the contract states it; each tier reads as the screens' Membership. */
const membershipsAnswer = dataOf(z.array(membershipSchema));

/** `GET /items/membership` with the spec's filter (published and archived) sorted by `sort`. */
export async function fetchMemberships(baseUrl = ''): Promise<ApiResult<Membership[]>> {
  const result = await apiRequest('/items/membership', {
    schema: membershipsAnswer,
    query: { 'filter[status][_in]': 'published,archived', sort: 'sort' },
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export type MembershipsState = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; memberships: Membership[] };

// The catalogue changes rarely; the header and the pages share one request per page load.
let pending: Promise<ApiResult<Membership[]>> | null = null;

const stateOf = (result: ApiResult<Membership[]>): MembershipsState =>
  result.ok ? { status: 'loaded', memberships: result.data } : { status: 'error', error: result.error };

export function useMemberships(): MembershipsState {
  const preloaded = usePreloaded('memberships', () => fetchMemberships());
  const [state, setState] = useState<MembershipsState>(() => (preloaded.found ? stateOf(preloaded.value) : { status: 'loading' }));
  useEffect(() => {
    if (preloaded.found) return;
    let live = true;
    pending ??= fetchMemberships();
    void pending.then((result) => {
      if (!result.ok) pending = null; // let the next screen try again
      if (!live) return;
      setState(stateOf(result));
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
