import { randomUUID } from 'node:crypto';
import { entriesDecider, entriesStreamId, type EntrySource } from '@roar/domain';
import { fold, handleCommand, type CommandContext, type Position } from '@roar/platform';
import type { AppContext } from '../context';

type Appended = { position: Position } | null;

export interface LedgerGrant {
  readonly memberId: string;
  readonly source: EntrySource;
  readonly count: number;
  /** Makes the grant idempotent: a replayed webhook or a retried step grants nothing twice. */
  readonly causationKey: string;
  readonly reason?: string | null;
  readonly membershipId?: number | null;
  readonly tierCode?: string | null;
  readonly prizeId?: string | null;
}

/** Grants entries on the member's ledger (nothing for a count of zero). */
export async function grantEntries(app: AppContext, ctx: CommandContext, g: LedgerGrant): Promise<Appended> {
  if (g.count <= 0) return null;
  const outcome = await handleCommand(
    app.store,
    app.registry,
    entriesStreamId(g.memberId),
    entriesDecider,
    {
      type: 'GrantEntries',
      memberId: g.memberId,
      grantId: randomUUID(),
      source: g.source,
      count: g.count,
      membershipId: g.membershipId ?? null,
      tierCode: g.tierCode ?? null,
      causationKey: g.causationKey,
      reason: g.reason ?? null,
      prizeId: g.prizeId ?? null,
    },
    ctx,
  );
  return outcome.appended;
}

/**
 * Takes back what an earlier grant (`grantKey`) gave, once (`revokeKey`), and never below zero:
 * staff may have taken entries back already. Nothing when that grant was never made.
 */
export async function revokeGrantedEntries(
  app: AppContext,
  ctx: CommandContext,
  r: { readonly memberId: string; readonly count: number; readonly grantKey: string; readonly revokeKey: string; readonly reason: string },
): Promise<Appended> {
  const ledger = fold(
    entriesDecider,
    (await app.store.readStream(entriesStreamId(r.memberId))).map(
      (e) => ({ type: e.type, data: e.data }) as Parameters<typeof entriesDecider.evolve>[1],
    ),
  );
  if (ledger.causationKeys.includes(r.revokeKey) || !ledger.causationKeys.includes(r.grantKey)) return null;
  const n = Math.min(r.count, ledger.total);
  if (n <= 0) return null;
  const outcome = await handleCommand(
    app.store,
    app.registry,
    entriesStreamId(r.memberId),
    entriesDecider,
    {
      type: 'RevokeEntries',
      memberId: r.memberId,
      revocationId: randomUUID(),
      count: n,
      reason: r.reason,
      causationKey: r.revokeKey,
    },
    ctx,
  );
  return outcome.appended;
}
