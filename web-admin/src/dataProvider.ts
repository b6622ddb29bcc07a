import { fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { session } from './auth/session';
import { fieldErrors, firstErrorMessage } from './httpErrors';

/** Adds the staff bearer token and turns the API's error list into react-admin's HttpError. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message = firstErrorMessage(error.body) ?? error.message;
    const errors = fieldErrors(error.body);
    throw new HttpError(message, error.status, Object.keys(errors).length > 0 ? { message, errors } : { message });
  }
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);

/** A staff action that is not CRUD (verify, rebuild, retry, adjustments): POST JSON, answer JSON. */
export async function postAction<T>(path: string, body: unknown = {}, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const { json } = await httpClient(`/api/admin${path}`, { method, body: JSON.stringify(body) });
  return json as T;
}
