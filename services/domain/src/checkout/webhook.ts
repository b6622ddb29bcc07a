import { z } from 'zod';
import { defineEvent, type Decider, type DomainEvent } from '@roar/platform';

/**
 * One stream per incoming provider event, appended with `no_stream` (mustBeNew): a second
 * delivery of the same event conflicts and is acknowledged without effect.
 */
export const WebhookReceived = defineEvent(
  'WebhookReceived',
  z.object({ provider: z.enum(['stripe', 'local']), providerEventId: z.string().min(1).max(200), type: z.string().min(1).max(100) }).strict(),
);
export const webhookEvents = [WebhookReceived] as const;

export type WebhookReceivedEvent = DomainEvent<'WebhookReceived', z.infer<typeof WebhookReceived.schema>>;
/** The provider event's own `type` is a field of the payload, so it travels as `received`. */
export type WebhookCommand = { readonly type: 'RecordWebhook'; readonly received: WebhookReceivedEvent['data'] };
export type WebhookState = { readonly received: boolean };

export const webhookStreamId = (provider: string, providerEventId: string): string => `webhook-${provider}-${providerEventId}`;

export const webhookDecider: Decider<WebhookCommand, WebhookReceivedEvent, WebhookState> = {
  decide: (command, state) => {
    if (state.received) return [];
    return [{ type: 'WebhookReceived', data: command.received }];
  },
  evolve: () => ({ received: true }),
  initialState: { received: false },
};
