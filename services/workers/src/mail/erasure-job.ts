import { ERASURE_KEPT } from '@roar/contracts/erasure';
import { memberStreamId } from '@roar/domain';
import { ERASED_NAME, SEALED_PREFIX, type EventStore, type Logger, type PersonalDataKeys, type Sql } from '@roar/platform';
import type { JobHandler } from '../jobs/types';
import { memberAsOf } from '../reactors/member-history';
import type { ReactorContext } from '../reactors/reactor';
import { erasureJobSchema, type ErasureJob } from '../reactors/member-erasure';
import { createEmailHandler } from './email-job';
import type { Mailer } from './mailer';
import { accountDeletedEmail } from './member-templates';

/** What stands for an erased address in the mail log's recipients. */
export const ERASED_RECIPIENT = 'erased member';

/**
 * The mail log and the failed-job lists must not keep the address of a member who is forgotten:
 * every recipient equal to it becomes "erased member" (the row stays: it is what stops an email
 * going out twice), and in-process failed jobs addressed to it are dropped (never to be retried).
 */
export async function scrubMailTraces(sql: Sql, address: string): Promise<void> {
  const email = address.trim().toLowerCase();
  await sql.query(
    `update jobs.sent_log
        set recipients = array_to_string(array(
          select case when lower(r.address) = $1 then $2 else r.address end
            from unnest(string_to_array(recipients, ', ')) with ordinality as r(address, n) order by r.n), ', ')
      where exists (select 1 from unnest(string_to_array(lower(recipients), ', ')) as r(address) where r.address = $1)`,
    [email, ERASED_RECIPIENT],
  );
  await sql.query(
    `delete from jobs.failed_jobs where queue = 'email'
       and exists (select 1 from jsonb_array_elements_text(coalesce(data->'to', '[]'::jsonb)) as t(address) where lower(t.address) = $1)`,
    [email],
  );
}

export interface ErasureHandlerDeps {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly claimLeaseMs: number;
  /** The member keys (issue 24); without them no erasure can be finished, and the job fails to be retried. */
  readonly personalData?: PersonalDataKeys;
  /**
   * Forgets the member in the stores outside the log (the api's tables, files and Redis: api
   * members/forget.ts), before the key goes. `address` (null) and `names` (empty) when they can no longer be read.
   */
  readonly forgetOutsideTheLog?: (memberId: string, address: string | null, names: readonly string[]) => Promise<void>;
}

/**
 * The erasure job (reactors/member-erasure.ts): reads the member's address and first name while
 * their key still exists, sends "Your ROAR+ account has been deleted" (at least once, through the
 * same sent-log as every email), scrubs the address from the mail log, and THEN deletes the key.
 * Run again (a replay, a retry, a crash after the send) it finds the email sent or the key gone,
 * sends nothing more, and deletes the key again (idempotent).
 */
export function createErasureHandler(deps: ErasureHandlerDeps): JobHandler<ErasureJob> {
  const email = createEmailHandler(deps.sql, deps.mailer, deps.logger, deps.claimLeaseMs);
  return {
    queue: 'erasure',
    schema: erasureJobSchema,
    async run({ memberId }, ctx) {
      const keys = deps.personalData;
      if (!keys) throw new Error('member erasure: this process has no personal-data keys; the key cannot be deleted yet');
      let address: string | null = null;
      let names: string[] = [];
      if (!(await keys.isErased(memberId))) {
        const events = await deps.store.readStream(memberStreamId(memberId));
        const erased = events.find((e) => e.type === 'MemberErased');
        if (!erased) throw new Error('member erasure: no MemberErased on the member stream yet');
        const member = await memberAsOf(memberId, erased, { store: deps.store } as ReactorContext);
        const known = member?.email ?? null;
        names = member ? [member.firstname, member.lastname].filter((n) => n && !n.startsWith(SEALED_PREFIX) && n !== ERASED_NAME) : [];
        if (known && !known.startsWith(SEALED_PREFIX) && !known.endsWith('@erased.invalid')) {
          address = known;
          const kept = ERASURE_KEPT.map((k) => `${k.what}: ${k.howLong}. ${k.why}`);
          const firstname = member && !member.firstname.startsWith(SEALED_PREFIX) ? member.firstname : '';
          await email.run({ to: [address], ...accountDeletedEmail({ firstname, kept }) }, { ...ctx, jobId: `${ctx.jobId}:account-deleted` });
          await scrubMailTraces(deps.sql, address);
        } else {
          ctx.logger.warn({ memberId }, 'member erasure: no readable address; no email sent');
        }
      }
      await deps.forgetOutsideTheLog?.(memberId, address, names);
      await keys.erase(memberId);
      ctx.logger.info({ memberId }, 'member erased: key deleted');
    },
  };
}
