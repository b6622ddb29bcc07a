import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { session } from './auth/session';
import { fieldErrors, firstErrorMessage } from './httpErrors';
import { resourceSchemas } from './resource-schemas';
import type { z } from 'zod';

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

/** Parses an answer with its contract; a mismatch is an error the page shows, never silently wrong data. */
export function parseAnswer<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new Error(`The server's answer for ${what} was not understood${first ? ` (${first.path.join('.')}: ${first.message})` : ''}.`);
}

const rest = simpleRestProvider('/api/admin', httpClient);

/**
 * ra-data-simple-rest over /api/admin, reading every resource's rows and records through the
 * contract's schema for it (`resource-schemas`), so the console sees only checked shapes.
 */
export const dataProvider: DataProvider = {
  ...rest,
  async getList(resource, params) {
    const answer = await rest.getList(resource, params);
    const s = resourceSchemas[resource];
    return s ? { ...answer, data: answer.data.map((row, i) => parseAnswer(s.row, row, `${resource}[${i}]`) as typeof row) } : answer;
  },
  async getMany(resource, params) {
    const answer = await rest.getMany(resource, params);
    const s = resourceSchemas[resource];
    return s ? { ...answer, data: answer.data.map((row, i) => parseAnswer(s.row, row, `${resource}[${i}]`) as typeof row) } : answer;
  },
  async getManyReference(resource, params) {
    const answer = await rest.getManyReference(resource, params);
    const s = resourceSchemas[resource];
    return s ? { ...answer, data: answer.data.map((row, i) => parseAnswer(s.row, row, `${resource}[${i}]`) as typeof row) } : answer;
  },
  async getOne(resource, params) {
    const answer = await rest.getOne(resource, params);
    const s = resourceSchemas[resource];
    return s ? { ...answer, data: parseAnswer(s.record ?? s.row, answer.data, `${resource}/${String(params.id)}`) as typeof answer.data } : answer;
  },
};

/** A staff action that is not CRUD (verify, rebuild, retry, adjustments): POST JSON, answer JSON. */
export async function postAction<T>(path: string, body: unknown = {}, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const { json } = await httpClient(`/api/admin${path}`, { method, body: JSON.stringify(body) });
  return json as T;
}
