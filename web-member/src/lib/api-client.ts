import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../config/site';

/** Spec section 8: the one message for any non-success answer, exception or timeout. */
export const GENERIC_ERROR = 'Something went wrong. Try again';
export const NO_CONNECTION_ERROR = 'No internet connection.';

/** `details`: the reason a refusal carried beside its error (a refused password says why). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number | null; error: string; details?: string };

export interface RequestOptions<S extends z.ZodType> {
  readonly schema: S;
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly token?: string | null;
  readonly query?: Record<string, string | number>;
  readonly timeoutMs?: number;
  /** Origin to call; empty in the browser (same origin), absolute in tests. */
  readonly baseUrl?: string;
  /** For calls whose failures carry `{errors:[{message}]}` and should surface that message. */
  readonly serverMessage?: boolean;
  /** For member calls whose failures carry `{error:'<text>'}` (sign-up shows the server's text). */
  readonly serverError?: boolean;
}

const firstServerMessage = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return null;
  const errors = (body as { errors: unknown }).errors;
  if (!Array.isArray(errors)) return null;
  const first: unknown = errors[0];
  if (typeof first === 'object' && first !== null && 'message' in first) {
    const message = (first as { message: unknown }).message;
    return typeof message === 'string' && message !== '' ? message : null;
  }
  return null;
};

const serverErrorText = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  return typeof error === 'string' && error !== '' ? error : null;
};

let defaultBaseUrl = '';

/** The origin calls go to when they name none: same origin in the browser; the API itself when the server renders a page. */
export function setDefaultBaseUrl(baseUrl: string): void {
  defaultBaseUrl = baseUrl;
}

export const buildUrl = (baseUrl: string, path: string, query?: Record<string, string | number>): string => {
  if (!query || Object.keys(query).length === 0) return `${baseUrl}${path}`;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${baseUrl}${path}?${search.toString()}`;
};

/**
 * One request as the spec's call table describes them: JSON, a bearer header when a token is
 * given, a 15 s timeout, and only 200 or 201 counts as success. The answer is parsed with the
 * given zod schema; an answer that does not match is a failure, not a crash later in a screen.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<ApiResult<z.infer<S>>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const url = buildUrl(options.baseUrl ? options.baseUrl : defaultBaseUrl, path, options.query);
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status !== 200 && response.status !== 201) {
      const message = (options.serverMessage ? firstServerMessage(body) : null) ?? (options.serverError ? serverErrorText(body) : null);
      const details =
        typeof body === 'object' && body !== null && 'details' in body && typeof body.details === 'string' && body.details !== ''
          ? body.details
          : undefined;
      return { ok: false, status: response.status, error: message ?? GENERIC_ERROR, ...(details ? { details } : {}) };
    }
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${path}`, parsed.error.issues);
      return { ok: false, status: response.status, error: GENERIC_ERROR };
    }
    return { ok: true, data: parsed.data };
  } catch (error) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (!offline) console.error(`Request to ${path} failed`, error);
    return { ok: false, status: null, error: offline ? NO_CONNECTION_ERROR : GENERIC_ERROR };
  }
}
