import { createHash, randomUUID } from 'node:crypto';
import {
  cashbackDecider,
  cashbackStreamId,
  receiptFingerprintDecider,
  receiptFingerprintStreamId,
  venueDateAmountKey,
  type CashbackCommand,
  type Receipt,
} from '@roar/domain';
import { handleCommand, newStorageKey, type CommandContext, type Position } from '@roar/platform';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { sniffReceiptType, RECEIPT_WRONG_TYPE } from './receipt';
import { uploadsStorage } from '../storage';
import { DECISION_DAYS } from './view';

export interface ClaimInput {
  readonly memberId: string;
  readonly course: string;
  readonly playedOn: string;
  readonly amountCents: number;
  readonly maximumCents: number;
  readonly file: Buffer;
}

/**
 * Submits a claim without ever leaving half of it behind: the rules are checked on the member's
 * stream before anything is stored; then the file is stored, both receipt fingerprints reserved
 * (a duplicate, by this member or another, is refused here), and the claim appended with the
 * stream's expected revision. A failure after a step undoes the steps before it.
 */
export async function submitClaim(
  app: AppContext,
  ctx: CommandContext,
  input: ClaimInput,
): Promise<{ claimId: string; position: Position | null; dueBy: string }> {
  const type = sniffReceiptType(input.file);
  if (!type) throw new HttpError(400, RECEIPT_WRONG_TYPE, 'RECEIPT_TYPE');
  const now = ctx.occurredAt;
  const claimId = randomUUID();
  const sha256 = createHash('sha256').update(input.file).digest('hex');
  const dueBy = new Date(now.getTime() + DECISION_DAYS * 24 * 60 * 60_000).toISOString();
  const key = newStorageKey('receipts', type.extension, now);
  const receipt: Receipt = { key, contentType: type.contentType, size: input.file.length, sha256 };
  const command: CashbackCommand = {
    type: 'SubmitClaim',
    claimId,
    memberId: input.memberId,
    course: input.course,
    playedOn: input.playedOn,
    amountCents: input.amountCents,
    maximumCents: input.maximumCents,
    receipt,
    at: now.toISOString(),
    decisionDueBy: dueBy,
  };
  // The member's rules first (pure, on current state): a refused claim stores nothing.
  const stream = cashbackStreamId(input.memberId);
  const current = (await app.store.readStream(stream)).reduce(
    (s, e) => cashbackDecider.evolve(s, { type: e.type, data: e.data } as never),
    cashbackDecider.initialState,
  );
  cashbackDecider.decide(command, current);

  const storage = uploadsStorage(app);
  await storage.put(key, input.file, type.contentType);
  const fingerprints = [
    { fingerprint: sha256, kind: 'file' as const },
    {
      fingerprint: createHash('sha256')
        .update(venueDateAmountKey(input.course, input.playedOn, input.amountCents))
        .digest('hex'),
      kind: 'venue-date-amount' as const,
    },
  ];
  const reserved: string[] = [];
  const undo = async () => {
    for (const fingerprint of reserved) {
      await handleCommand(
        app.store,
        app.registry,
        receiptFingerprintStreamId(fingerprint),
        receiptFingerprintDecider,
        { type: 'ReleaseFingerprint', fingerprint, claimId, at: now.toISOString() },
        ctx,
      ).catch((err: unknown) => app.logger.error({ err, fingerprint, claimId }, 'cashback: could not release a receipt fingerprint'));
    }
    await storage.delete(key).catch((err: unknown) => app.logger.error({ err, key }, 'cashback: could not delete a refused receipt'));
  };
  try {
    for (const f of fingerprints) {
      await handleCommand(
        app.store,
        app.registry,
        receiptFingerprintStreamId(f.fingerprint),
        receiptFingerprintDecider,
        { type: 'ReserveFingerprint', ...f, claimId, memberId: input.memberId, at: now.toISOString() },
        ctx,
      );
      reserved.push(f.fingerprint);
    }
    const outcome = await handleCommand(app.store, app.registry, stream, cashbackDecider, command, ctx);
    return { claimId, position: outcome.appended?.position ?? null, dueBy };
  } catch (error) {
    await undo();
    throw error;
  }
}

/** The receipt's bytes for its owner or staff. */
export async function readReceipt(app: AppContext, key: string): Promise<{ data: Buffer; contentType: string } | null> {
  return uploadsStorage(app).get(key);
}
