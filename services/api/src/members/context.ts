import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from '@roar/platform';

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

/** Where the browser came from, for return URLs: PUBLIC_URL when configured, else the request's own origin. */
export function originOf(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
