import { z } from 'zod';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

const instant = z.iso.datetime({ offset: true });
const drawFactSchema = z
  .object({ prizeId: z.string().min(1).max(200), title: z.string().max(300), closesAt: instant, entries: z.number().int().min(0) })
  .strict();

/**
 * What cancelling does to a member's entries, under the eligibility rule (prize/eligibility.ts):
 * the open draws their entries stay in (those closing by the day benefits end, and any single
 * entry's own draw), the open draws their stacked entries will not count in (closing after), and
 * the entries the plan's next renewal would have granted. Computed once when the member asks
 * (`GET /api/cancel-preview`), recorded on MembershipCancelled, and put into words by
 * `cancellationNoticeText` for the page and the cancellation email alike.
 */
export const cancellationNoticeSchema = z
  .object({
    endsAt: instant,
    kept: z.array(drawFactSchema).max(200),
    lost: z.array(drawFactSchema).max(200),
    renewalEntries: z.number().int().min(0),
  })
  .strict();
export type CancellationNotice = z.infer<typeof cancellationNoticeSchema>;
export type CancellationDrawFact = z.infer<typeof drawFactSchema>;

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });
/** "28 December 2026", the club's calendar day of the instant. */
export const noticeDate = (iso: string): string => dateFormat.format(new Date(iso));

const entries = (n: number): string => `${n} ${n === 1 ? 'entry' : 'entries'}`;
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The notice in words, one paragraph: the page before the member confirms and the cancellation
 * email say exactly this.
 */
export function cancellationNoticeText(n: CancellationNotice): string {
  const end = noticeDate(n.endsAt);
  const out: string[] = [`Your benefits end on ${end}.`];
  if (n.kept.length > 0) {
    const kept = n.kept.map((d) => `${d.title} (${entries(d.entries)}, closes ${noticeDate(d.closesAt)})`);
    out.push(`The entries you already hold keep their place in ${list(kept)}.`);
  } else {
    out.push('You hold no entries in an open draw that closes before then.');
  }
  const forfeits: string[] = [];
  if (n.lost.length > 0) {
    const lost = n.lost.map((d) => `${entries(d.entries)} in ${d.title} (closes ${noticeDate(d.closesAt)}, after your benefits end)`);
    forfeits.push(`${list(lost)}`);
  }
  if (n.renewalEntries > 0) forfeits.push(`the ${entries(n.renewalEntries)} your plan would have added at its renewal on ${end}`);
  out.push(forfeits.length > 0 ? `You forfeit ${list(forfeits)}.` : 'Nothing else is forfeited.');
  return out.join(' ');
}
