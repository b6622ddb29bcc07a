import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from '@roar/platform';
import type { AppContext } from '../context';

/** Metadata for commands a member (or the payment system on their behalf) issues. */
export function memberCommandContext(memberId: string, req: Request | null, now: Date, causationId: string | null = null): CommandContext {
  const requestId = req?.res?.getHeader('X-Request-Id');
  return {
    actor: { type: 'member', id: memberId },
    correlationId: typeof requestId === 'string' ? requestId : randomUUID(),
    causationId,
    occurredAt: now,
  };
}

export function systemCommandContext(what: string, correlationId: string, now: Date, causationId: string | null = null): CommandContext {
  return { actor: { type: 'system', id: what }, correlationId, causationId, occurredAt: now };
}

/** Where the browser is sent back to and where email links point: configuration only, never the request's Host. */
export function originOf(app: AppContext): string {
  return app.publicUrl().replace(/\/+$/, '');
}
