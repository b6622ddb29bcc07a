import { createHash } from 'node:crypto';
import {
  closeEligibilityInput,
  drawStreamId,
  entrantsOfFold,
  foldEligibilityEvent,
  parseEntryLines,
  pseudonymousEntrantIdsOf,
  type EligibilityFold,
  type EntriesClosedEvent,
  type PrizeEvent,
} from '@roar/domain';
import { zipFiles, type RecordedEvent, type ZipEntry } from '@roar/platform';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import type { AppContext } from '../context';
import { forEachLogEvent } from './log';
import { readDrawSecret } from './secrets';

/** The files of every regulator export, in the zip's order. */
export const REGULATOR_EXPORT_FILES = ['summary.txt', 'permits.csv', 'terms.csv', 'terms.html', 'entrants.csv', 'draw.csv', 'winners.csv'] as const;

type Recorded = RecordedEvent;
/** A CSV field as the staff exports write it (exports/csv.ts, not imported: exports imports draws): quoted when needed, formulas defused. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;
const at = (e: Recorded | undefined): string | null => (e ? new Date(e.metadata.occurredAt).toISOString() : null);
const csv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string => csvLine(header) + rows.map(csvLine).join('');
const clubTime = (iso: string | null): string =>
  iso
    ? `${new Intl.DateTimeFormat('en-AU', { timeZone: CLUB_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))} (${CLUB_TIME_ZONE})`
    : '-';

/**
 * Each entrant id of the committed list with the residential state(s) the log held at the close:
 * the eligibility fold replayed to the recorded cutoff, as the audit does (a team: its members' states).
 */
async function statesAtClose(app: AppContext, prizeId: string, prizeType: string, closed: EntriesClosedEvent['data'], salt: string) {
  const input = closeEligibilityInput(prizeId, prizeType as Parameters<typeof closeEligibilityInput>[1], closed);
  const folded: EligibilityFold = { accounts: new Map(), teams: new Map() };
  const asOf = Date.parse(closed.asOf);
  await forEachLogEvent(app.store, closed.cutoffPosition, (e) => foldEligibilityEvent(folded, e, asOf));
  const entrants = entrantsOfFold(folded, input);
  const ids = pseudonymousEntrantIdsOf(
    salt,
    entrants.map((e) => e.key),
  );
  const states = new Map<string, string>();
  entrants.forEach((entrant, i) => {
    const each = [...new Set(entrant.memberIds.map((m) => folded.accounts.get(m)?.state ?? ''))].filter(Boolean);
    states.set(ids[i]!, each.join(' '));
  });
  return states;
}

export interface RegulatorExport {
  readonly zip: Buffer;
  readonly files: readonly string[];
  readonly sha256: string;
  readonly filename: string;
}

/**
 * One draw's records for a regulator (issue 22), read from the draw's stream and the log, never a
 * read model: the permits the close relied on per state, the terms in force at the close (and every
 * version), the committed entrant list with each entrant's state, the draw's method and proof, and
 * every winner and redraw with their notification, claim, verification and award dates.
 */
export async function buildRegulatorExport(app: AppContext, prizeId: string): Promise<RegulatorExport | null> {
  const recorded: readonly Recorded[] = await app.store.readStream(drawStreamId(prizeId));
  if (recorded.length === 0) return null;
  const ev = (e: Recorded) => ({ type: e.type, data: e.data }) as PrizeEvent;
  const first = <T extends PrizeEvent['type']>(type: T) => recorded.find((e) => e.type === type);
  const all = <T extends PrizeEvent['type']>(type: T) => recorded.filter((e) => e.type === type);

  let fields: Record<string, unknown> = {};
  for (const e of recorded) {
    const p = ev(e);
    if (p.type === 'PrizeCreated') fields = { ...p.data.fields };
    if (p.type === 'PrizeUpdated') fields = { ...fields, ...p.data.changes };
  }
  const closedRec = first('EntriesClosed');
  const closed = closedRec ? (ev(closedRec) as EntriesClosedEvent).data : null;
  const scheduledRec = first('DrawScheduled');
  const scheduled = scheduledRec ? (ev(scheduledRec).data as Extract<PrizeEvent, { type: 'DrawScheduled' }>['data']) : null;
  const revealedRec = first('RandomnessRevealed');
  const revealed = revealedRec ? (ev(revealedRec).data as Extract<PrizeEvent, { type: 'RandomnessRevealed' }>['data']) : null;

  // Terms: every version, and the one in force at the close (the last issued before EntriesClosed).
  const closeIndex = closedRec ? recorded.indexOf(closedRec) : -1;
  const terms = all('DrawTermsIssued').map((e) => ({ e, data: ev(e).data as Extract<PrizeEvent, { type: 'DrawTermsIssued' }>['data'] }));
  const inForce = closeIndex >= 0 ? terms.filter((t) => recorded.indexOf(t.e) < closeIndex).pop() : terms[terms.length - 1];

  // The committed list, from its EntryListRecorded pages, with the state of each entrant at the close.
  const entrants = all('EntryListRecorded')
    .map((e) => ev(e).data as Extract<PrizeEvent, { type: 'EntryListRecorded' }>['data'])
    .sort((a, b) => a.page - b.page)
    .flatMap((p) => parseEntryLines(p.lines) ?? []);
  const salt = revealed?.entrantSalt ?? (await readDrawSecret(app.sql, prizeId))?.salt ?? null;
  const states = closed && salt ? await statesAtClose(app, prizeId, String(fields.prize_type_id), closed, salt) : new Map<string, string>();
  let ticket = 0;
  const entrantRows = entrants.map((x, i) => {
    const row = [i + 1, x.entrantId, x.tickets, ticket, ticket + x.tickets - 1, states.get(x.entrantId) ?? ''];
    ticket += x.tickets;
    return row;
  });

  // Winners and redraws: one row per winner drawn (k), with each step's date.
  interface WinnerRow {
    k: number;
    ticket: number;
    entrantId: string;
    memberIds: string;
    drawnAt: string | null;
    notifiedAt: string | null;
    claimBy: string | null;
    claimedAt: string | null;
    claimedState: string | null;
    verifiedAt: string | null;
    verifiedBy: string | null;
    awardedAt: string | null;
    awardEvidence: string | null;
    declinedAt: string | null;
    unclaimedAt: string | null;
    redrawOn: string | null;
    redrawnAt: string | null;
    redrawnReason: string | null;
    publishedAt: string | null;
    publishedAs: string | null;
  }
  const winners = new Map<number, WinnerRow>();
  const row = (k: number) => winners.get(k);
  for (const e of recorded) {
    const p = ev(e);
    if (p.type === 'WinnerDrawn')
      winners.set(p.data.k, {
        k: p.data.k,
        ticket: p.data.ticket,
        entrantId: p.data.entrantId,
        memberIds: p.data.memberIds.join(' '),
        drawnAt: at(e),
        notifiedAt: null,
        claimBy: null,
        claimedAt: null,
        claimedState: null,
        verifiedAt: null,
        verifiedBy: null,
        awardedAt: null,
        awardEvidence: null,
        declinedAt: null,
        unclaimedAt: null,
        redrawOn: null,
        redrawnAt: null,
        redrawnReason: null,
        publishedAt: null,
        publishedAs: null,
      });
    const w = 'k' in p.data ? row(p.data.k) : undefined;
    if (p.type === 'WinnerNotified' && w) Object.assign(w, { notifiedAt: at(e), claimBy: p.data.claimBy ?? null });
    if (p.type === 'PrizeClaimed' && w) Object.assign(w, { claimedAt: at(e), claimedState: p.data.state ?? null });
    if (p.type === 'ClaimVerified' && w) Object.assign(w, { verifiedAt: at(e), verifiedBy: p.data.verifiedBy });
    if (p.type === 'PrizeAwarded' && w)
      Object.assign(w, { awardedAt: at(e), awardEvidence: [p.data.deliveryNote, p.data.transferReference].filter(Boolean).join(' / ') || null });
    if (p.type === 'PrizeDeclined' && w) Object.assign(w, { declinedAt: at(e), redrawOn: p.data.redrawOn });
    if (p.type === 'PrizeUnclaimed' && w) Object.assign(w, { unclaimedAt: at(e), redrawOn: p.data.redrawOn });
    if (p.type === 'ResultPublished' && w) Object.assign(w, { publishedAt: at(e), publishedAs: p.data.display });
    if (p.type === 'WinnerRedrawn') {
      const prev = row(p.data.previousK);
      if (prev) Object.assign(prev, { redrawnAt: at(e), redrawnReason: p.data.reason });
    }
  }
  const winnerList = [...winners.values()].sort((a, b) => a.k - b.k);

  const title = String(fields.title ?? prizeId);
  const files: ZipEntry[] = [];
  const permits = closed?.permits ?? [];
  const openStates = closed?.openStates ?? [];
  const methodText = !scheduled
    ? '-'
    : scheduled.method === 'beacon'
      ? `public randomness beacon (${scheduled.beacon?.name ?? ''}, round ${scheduled.beacon?.round ?? '-'})`
      : 'commit-reveal';
  const summary = [
    `Regulator export: ${title}`,
    `Prize id: ${prizeId}`,
    `Taken: ${clubTime(app.now().toISOString())}`,
    '',
    'ENTRY AND ELIGIBILITY',
    `Entries closed: ${clubTime(closed?.asOf ?? null)}`,
    `Open states: ${openStates.length > 0 ? openStates.join(', ') : 'not stated (closed before open states were recorded)'}`,
    `Minimum entry age at close: ${closed?.minimumAge ?? '-'}`,
    `Eligibility rule version: ${closed?.eligibilityRuleVersion ?? '-'}`,
    `Entrants: ${closed?.entrantCount ?? 0}; tickets: ${closed?.totalTickets ?? 0}`,
    `Entry list SHA-256: ${closed?.listHash ?? '-'}`,
    '',
    'PERMITS RELIED ON (per state)',
    ...(permits.length > 0
      ? permits.map((p) => `${p.jurisdiction}: ${p.number}, valid ${p.valid_from} to ${p.valid_to}`)
      : ['None needed or recorded.']),
    '',
    'TERMS',
    inForce
      ? `Version in force at the close: ${inForce.data.version} (issued ${clubTime(at(inForce.e))}, SHA-256 ${inForce.data.sha256}); terms.html holds it.`
      : 'No terms were issued before the close.',
    `Versions issued: ${terms.length}`,
    '',
    'THE DRAW',
    `Method: ${methodText}`,
    `Scheduled: ${clubTime(at(scheduledRec))}; commitment SHA-256: ${scheduled?.commitment ?? '-'}`,
    `Drawn: ${clubTime(at(revealedRec))}`,
    `Revealed randomness: ${revealed?.randomness ?? '-'}`,
    `Seed: ${revealed?.seed ?? '-'}`,
    ...(revealed?.beacon ? [`Beacon round ${revealed.beacon.round} signature: ${revealed.beacon.signature}`] : []),
    'Anyone can re-check the draw from the event log: npm run audit:draw -- <prize id>.',
    '',
    'WINNERS AND REDRAWS',
    ...(winnerList.length > 0
      ? winnerList.flatMap((w, i) => [
          `Winner ${i + 1}${i > 0 ? ' (a redraw)' : ''}: ticket ${w.ticket}, entrant ${w.entrantId}; drawn ${clubTime(w.drawnAt)}`,
          `  notified ${clubTime(w.notifiedAt)}; claim by ${clubTime(w.claimBy)}; claimed ${clubTime(w.claimedAt)}`,
          `  verified ${clubTime(w.verifiedAt)}; awarded ${clubTime(w.awardedAt)}${w.declinedAt ? `; declined ${clubTime(w.declinedAt)}` : ''}${
            w.unclaimedAt ? `; unclaimed ${clubTime(w.unclaimedAt)}` : ''
          }`,
          ...(w.redrawnAt ? [`  redrawn ${clubTime(w.redrawnAt)}: ${w.redrawnReason ?? ''}`] : []),
          ...(w.publishedAt ? [`  published ${clubTime(w.publishedAt)} as "${w.publishedAs ?? ''}"`] : []),
        ])
      : ['No winner drawn yet.']),
    '',
    'FILES',
    'permits.csv: the permits relied on at the close, per state',
    'terms.csv: every terms version issued, and which was in force at the close; terms.html: that version',
    'entrants.csv: the entrant list as committed at the close, with each entrant state',
    'draw.csv: the draw method and proof',
    'winners.csv: each winner and redraw with notification, claim, verification and award dates',
    '',
  ].join('\n');
  files.push({ name: 'summary.txt', data: summary });
  files.push({
    name: 'permits.csv',
    data: csv(
      ['state', 'open', 'permit_number', 'valid_from', 'valid_to'],
      [
        ...permits.map((p) => [p.jurisdiction, 'yes', p.number, p.valid_from, p.valid_to]),
        ...openStates.filter((s) => !permits.some((p) => p.jurisdiction === s)).map((s) => [s, 'yes', '', '', '']),
      ],
    ),
  });
  files.push({
    name: 'terms.csv',
    data: csv(
      ['version', 'issued_at', 'sha256', 'in_force_at_close'],
      terms.map((t) => [t.data.version, at(t.e), t.data.sha256, t === inForce ? 'yes' : 'no']),
    ),
  });
  files.push({ name: 'terms.html', data: inForce?.data.html ?? '' });
  files.push({ name: 'entrants.csv', data: csv(['position', 'entrant_id', 'tickets', 'first_ticket', 'last_ticket', 'state'], entrantRows) });
  files.push({
    name: 'draw.csv',
    data: csv(
      [
        'method',
        'scheduled_at',
        'commitment',
        'beacon_name',
        'beacon_round',
        'closed_as_of',
        'cutoff_position',
        'list_sha256',
        'entrant_count',
        'total_tickets',
        'drawn_at',
        'randomness',
        'entrant_salt',
        'seed',
        'beacon_signature',
      ],
      [
        [
          scheduled?.method ?? '',
          at(scheduledRec),
          scheduled?.commitment ?? '',
          scheduled?.beacon?.name ?? '',
          scheduled?.beacon?.round ?? '',
          closed?.asOf ?? '',
          closed?.cutoffPosition ?? '',
          closed?.listHash ?? '',
          closed?.entrantCount ?? 0,
          closed?.totalTickets ?? 0,
          at(revealedRec),
          revealed?.randomness ?? '',
          revealed?.entrantSalt ?? '',
          revealed?.seed ?? '',
          revealed?.beacon?.signature ?? '',
        ],
      ],
    ),
  });
  files.push({
    name: 'winners.csv',
    data: csv(
      [
        'k',
        'winning_ticket',
        'entrant_id',
        'member_ids',
        'drawn_at',
        'notified_at',
        'claim_by',
        'claimed_at',
        'claimed_state',
        'verified_at',
        'verified_by',
        'awarded_at',
        'award_evidence',
        'declined_at',
        'unclaimed_at',
        'redraw_on',
        'redrawn_at',
        'redrawn_reason',
        'published_at',
        'published_as',
      ],
      winnerList.map((w) => [
        w.k,
        w.ticket,
        w.entrantId,
        w.memberIds,
        w.drawnAt,
        w.notifiedAt,
        w.claimBy,
        w.claimedAt,
        w.claimedState,
        w.verifiedAt,
        w.verifiedBy,
        w.awardedAt,
        w.awardEvidence,
        w.declinedAt,
        w.unclaimedAt,
        w.redrawOn,
        w.redrawnAt,
        w.redrawnReason,
        w.publishedAt,
        w.publishedAs,
      ]),
    ),
  });
  const zip = zipFiles(files);
  const slug = String(fields.slug ?? prizeId).replace(/[^a-z0-9-]/g, '');
  return {
    zip,
    files: files.map((f) => f.name),
    sha256: createHash('sha256').update(zip).digest('hex'),
    filename: `regulator-export-${slug}-${new Date(app.now()).toISOString().slice(0, 10)}.zip`,
  };
}
