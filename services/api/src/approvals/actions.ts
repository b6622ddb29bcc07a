import type { z } from 'zod';
import type { CommandContext } from '@roar/platform';
import type { AppContext } from '../context';

/**
 * The actions four-eyes can hold, registered by the module that owns each (draws, the shop, entry
 * adjustments, staff roles). An approval records the kind and its parameters; once approved, the
 * process step finds the kind here, checks the parameters again with its schema and runs the
 * original command under the approver with both staff users in the metadata.
 *
 * Erasing a member's personal data (a later issue) is meant to register here as `member.erase`;
 * nothing else needs to change for it.
 */
export interface GuardedAction<Params> {
  readonly kind: string;
  readonly params: z.ZodType<Params>;
  /** Runs the original command; answers what it did, in plain words, for the history. */
  execute(params: Params, ctx: CommandContext): Promise<string>;
}

interface Registered {
  readonly kind: string;
  run(params: unknown, ctx: CommandContext): Promise<string>;
}

// Per app context: each test API (and each process) has its own routers and ports.
const registries = new WeakMap<AppContext, Map<string, Registered>>();

export function registerGuardedAction<Params>(app: AppContext, action: GuardedAction<Params>): void {
  let registry = registries.get(app);
  if (!registry) registries.set(app, (registry = new Map()));
  registry.set(action.kind, {
    kind: action.kind,
    run: (params, ctx) => action.execute(action.params.parse(params), ctx),
  });
}

export function guardedActionOf(app: AppContext, kind: string): Registered | null {
  return registries.get(app)?.get(kind) ?? null;
}
