import type { Express } from 'express';

/**
 * Express's `trust proxy` from TRUST_PROXY (validated by the config). Unset: false, so `req.ip`
 * is the socket's peer and an X-Forwarded-For header, which any client can write, is ignored.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

export function applyTrustProxy(app: Express, value: string | undefined): void {
  app.set('trust proxy', trustProxySetting(value));
}
