import { z } from 'zod';
import { apiRequest } from './api-client';
import { STORAGE_KEYS } from './session';
import { dataOf } from '../types/api';

const tokensAnswer = dataOf(z.array(z.object({ name: z.string(), token: z.string().nullable() })));

/**
 * Service keys (`GET /items/tokens`: recaptcha, tag manager id, maps key, payment url), kept in
 * the browser store. A failed load is logged and the defaults (none) are kept (spec section 8).
 */
export async function loadServiceKeys(): Promise<Record<string, string>> {
  const result = await apiRequest('/items/tokens', { schema: tokensAnswer });
  if (!result.ok) {
    console.error('Could not load service keys', result.error);
    return readStoredKeys();
  }
  const keys = Object.fromEntries(result.data.data.filter((k) => k.token).map((k) => [k.name, k.token ?? '']));
  try {
    window.localStorage.setItem(STORAGE_KEYS.serviceKeys, JSON.stringify(keys));
  } catch {
    // storage refused: the keys still serve this page
  }
  return keys;
}

function readStoredKeys(): Record<string, string> {
  try {
    const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.serviceKeys) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
