import {
  beaconCommitment,
  beaconRandomnessMatchesSignature,
  beaconRoundTime,
  closeEntryList,
  drawSeed,
  drawWinners,
  entrantIdOrder,
  hashEntryLines,
  parseEntryLines,
  pseudonymousEntrantIdsOf,
  verifyReveal,
  type BeaconSchedule,
  type FrozenEntrant,
  type FrozenEntryList,
} from '../draw';
import { eligibleEntrants, memberIdOfEntrantKey, type EligibilityEvent, type EligibilityInput, type EligibleEntrant } from './eligibility';
import { createHash } from 'node:crypto';
import { EntryTreeOfLines, entryTreeRootOfLines, type EntryTreeRoot } from '../draw/entry-tree';
import type { PrizeEvent } from './events';
import { evolvePrize, initialPrizeState, type PrizeState } from './state';

export interface AuditReport {
  readonly verified: boolean;
  readonly lines: readonly string[];
}

export interface AuditOptions {
  /**
   * Beacon draws: checks the recorded round's signature against the recorded chain public key
   * (offline; the adapter that knows the scheme supplies it). Returns null when valid, else why not.
   */
  readonly verifyBeaconSignature?: (
    schedule: BeaconSchedule,
    round: { round: number; signature: string; previousSignature: string | null },
  ) => string | null;
  /**
   * The recorded list's pages already parsed, hashed and put in the entry tree by the caller
   * (`RecordedListWork` over the same stream: the audit streaming the log does it while the
   * database reads the next page). Used only when its pages are the stream's own, string for
   * string; otherwise the audit does the work itself.
   */
  readonly recordedList?: RecordedListWork;
}

/** The recorded list's pages parsed, hashed and in their entry tree (`RecordedListWork.finish`). */
interface RecordedList {
  /** The lines of every EntryListRecorded event in stream order, as given (canonical or not). */
  readonly sources: readonly unknown[];
  readonly recorded: FrozenEntrant[];
  readonly recordedLines: string[];
  readonly hash: string;
  readonly tree: EntryTreeRoot;
}

/**
 * The work on the frozen list an audit does without the log (each recorded page parsed, the
 * pages hashed and put in the entry tree), one page per `step()`, so a caller can do it in the
 * time it would otherwise wait; `finish()` does what is left. Pages that are not canonical lines
 * add no entrant and no bytes, as in the audit itself.
 */
export class RecordedListWork {
  private readonly sources: unknown[];
  private next = 0;
  private readonly recorded: FrozenEntrant[] = [];
  private readonly recordedLines: string[] = [];
  private readonly hash = createHash('sha256');
  private readonly tree = new EntryTreeOfLines();
  private done: RecordedList | null = null;

  constructor(drawEvents: readonly PrizeEvent[]) {
    this.sources = [];
    for (const e of drawEvents) if (e.type === 'EntryListRecorded') this.sources.push(e.data.lines);
  }

  /** Parses and hashes the next page; false when none is left. */
  step(): boolean {
    if (this.next >= this.sources.length) return false;
    const lines = this.sources[this.next++] as string;
    const page = parseEntryLines(lines);
    if (page) {
      for (const entrant of page) this.recorded.push(entrant);
      this.recordedLines.push(lines);
      this.hash.update(lines, 'utf8');
      this.tree.add(lines);
    }
    return this.next < this.sources.length;
  }

  finish(): RecordedList {
    while (this.step());
    this.done ??= {
      sources: this.sources,
      recorded: this.recorded,
      recordedLines: this.recordedLines,
      hash: this.hash.digest('hex'),
      tree: this.tree.result(),
    };
    return this.done;
  }
}

/**
 * The log the audit rebuilds the entry list from: its events up to the recorded cutoff, or the
 * entrants a caller already folded from them while streaming the log page by page (memory in
 * members, not events), together with the input it folded them for (`auditEligibilityInput`).
 */
export type AuditLog =
  | Iterable<EligibilityEvent>
  | {
      readonly input: EligibilityInput;
      readonly eligible: readonly EligibleEntrant[];
      /**
       * Entrant ids of keys under the revealed salt, computed by the caller with
       * pseudonymousEntrantIdsOf while the log streamed in (the database reading the next page
       * meanwhile); a key missing here is computed by the audit.
       */
      readonly entrantIds?: ReadonlyMap<string, string>;
    };

type DataOf<T extends PrizeEvent['type']> = Extract<PrizeEvent, { type: T }>['data'];

interface DrawRecord {
  readonly stateAtClose: PrizeState;
  readonly recorded: FrozenEntrant[];
  /** The recorded pages as stored: canonical lines, together the bytes the list hash covers. */
  readonly recordedLines: readonly string[];
  /** The list's hash and entry tree when a caller computed them (RecordedListWork), else null. */
  readonly precomputed: { readonly hash: string; readonly tree: EntryTreeRoot } | null;
  readonly closed: DataOf<'EntriesClosed'> | null;
  readonly revealed: DataOf<'RandomnessRevealed'> | null;
  readonly commitment: string | null;
  readonly method: string | null;
  readonly beacon: BeaconSchedule | null;
}

/**
 * What the draw's own stream records: the prize as it stood at the close, the frozen list (its
 * pages' lines, and their entrants unless `withList` is false), the commitment and the reveal.
 */
function readDrawRecord(drawEvents: readonly PrizeEvent[], withList = true, work?: RecordedListWork): DrawRecord {
  let stateAtClose: PrizeState = initialPrizeState;
  // The caller's parsed pages, if they are this stream's pages (checked below, string for string).
  const given = withList && work ? work.finish() : null;
  let sameSources = given !== null;
  let source = 0;
  let recorded: FrozenEntrant[] = [];
  let recordedLines: string[] = [];
  let closed: DrawRecord['closed'] = null;
  let revealed: DrawRecord['revealed'] = null;
  let commitment: string | null = null;
  let method: string | null = null;
  let beacon: BeaconSchedule | null = null;
  for (const e of drawEvents) {
    // The prize as it stood at the close (its fields and type): the list pages are gathered below.
    if (!closed && e.type !== 'EntryListRecorded') stateAtClose = evolvePrize(stateAtClose, e);
    if (e.type === 'DrawScheduled') {
      commitment = e.data.commitment;
      method = e.data.method;
      beacon = e.data.beacon;
    }
    if (e.type === 'EntryListRecorded' && given) sameSources &&= given.sources[source++] === e.data.lines;
    else if (e.type === 'EntryListRecorded' && withList) {
      // A decoded page is canonical lines; one that is not (a payload handed over undecoded) adds
      // no entrant and no bytes, and the hash check reports it.
      const page = parseEntryLines(e.data.lines);
      for (const entrant of page ?? []) recorded.push(entrant);
      if (page) recordedLines.push(e.data.lines);
    }
    if (e.type === 'EntriesClosed') closed = e.data;
    if (e.type === 'RandomnessRevealed') revealed = e.data;
  }
  let precomputed: DrawRecord['precomputed'] = null;
  if (given && sameSources && source === given.sources.length) {
    ({ recorded, recordedLines } = given);
    precomputed = { hash: given.hash, tree: given.tree };
  } else if (given) return readDrawRecord(drawEvents, withList);
  return { stateAtClose, recorded, recordedLines, precomputed, closed, revealed, commitment, method, beacon };
}

/**
 * The eligibility input the audit rebuilds the list with (the prize's type at the close, the
 * recorded as-of instant), or null while there is nothing to rebuild yet (entries not closed, or
 * the salt not revealed). A caller that streams the log folds it for exactly this input.
 */
export function auditEligibilityInput(prizeId: string, drawEvents: readonly PrizeEvent[]): EligibilityInput | null {
  const { stateAtClose, closed, revealed } = readDrawRecord(drawEvents, false);
  if (stateAtClose.status === 'absent' || !closed || !revealed) return null;
  return closeEligibilityInput(prizeId, stateAtClose.fields.prize_type_id, closed);
}

/** The eligibility input a close recorded: its as-of instant, its rule version and, for rule 2, the open states and minimum age. */
export function closeEligibilityInput(
  prizeId: string,
  prizeType: EligibilityInput['prizeType'],
  closed: { readonly asOf: string; readonly eligibilityRuleVersion: number; readonly openStates?: readonly string[]; readonly minimumAge?: number },
): EligibilityInput {
  const base = { prizeId, prizeType, asOf: closed.asOf };
  if (closed.eligibilityRuleVersion < 2) return base;
  return { ...base, ruleVersion: closed.eligibilityRuleVersion, openStates: closed.openStates ?? [], minimumAge: closed.minimumAge ?? 18 };
}

/**
 * Re-checks a draw from the event log alone: `drawEvents` is the prize's stream, `log` every event
 * of the log up to the recorded cutoff (the caller stops reading there), or the entrants folded
 * from those events. Nothing here reads a read model. Every difference becomes one line; VERIFIED
 * only when none is found.
 */
export function auditDraw(prizeId: string, drawEvents: readonly PrizeEvent[], log: AuditLog, options: AuditOptions = {}): AuditReport {
  const lines: string[] = [];
  const problems: string[] = [];
  const fail = (line: string) => {
    problems.push(line);
    lines.push(`DIFFERS: ${line}`);
  };

  const { stateAtClose, recorded, recordedLines, precomputed, closed, revealed, commitment, method, beacon } = readDrawRecord(
    drawEvents,
    true,
    options.recordedList,
  );
  if (stateAtClose.status === 'absent') return { verified: false, lines: [`No prize ${prizeId} in the event log.`] };
  if (!closed) return { verified: false, lines: [`The entries of prize ${prizeId} are not closed yet: nothing to verify.`] };
  lines.push(
    `Prize ${prizeId} (${stateAtClose.fields.title}), ${stateAtClose.fields.prize_type_id} draw, eligibility rule v${closed.eligibilityRuleVersion}`,
  );
  lines.push(`Cutoff ${closed.cutoffPosition} as of ${closed.asOf}; ${closed.entrantCount} entrants, ${closed.totalTickets} tickets`);
  if (closed.termsVersion !== undefined) {
    // The terms the close says were in force: the version issued before it, with the same SHA-256.
    const issued = drawEvents.filter((e) => e.type === 'DrawTermsIssued').map((e) => e.data as DataOf<'DrawTermsIssued'>);
    const closeAt = drawEvents.findIndex((e) => e.type === 'EntriesClosed');
    const before = drawEvents
      .slice(0, closeAt)
      .filter((e) => e.type === 'DrawTermsIssued')
      .map((e) => e.data as DataOf<'DrawTermsIssued'>);
    const inForce = before[before.length - 1];
    if (inForce && inForce.version === closed.termsVersion && (closed.termsSha256 === undefined || inForce.sha256 === closed.termsSha256))
      lines.push(`Terms version ${closed.termsVersion} (SHA-256 ${inForce.sha256}) was in force at the close`);
    else
      fail(
        `the close records terms version ${closed.termsVersion}, the version in force was ${inForce?.version ?? '(none)'}${issued.length > before.length ? ' (later versions issued after the close)' : ''}`,
      );
  }

  // 1. The recorded list hashes to the recorded hash, and its totals agree.
  // The pages' lines are the canonical serialisation itself: hashed as recorded, byte for byte.
  const recordedHash = precomputed?.hash ?? hashEntryLines(recordedLines);
  const recordedTotal = recorded.reduce((n, e) => n + e.tickets, 0);
  if (recordedHash !== closed.listHash) fail(`the recorded entry list hashes to ${recordedHash}, EntriesClosed says ${closed.listHash}`);
  else lines.push(`Entry list hash ${closed.listHash} matches the recorded list`);
  if (recorded.length !== closed.entrantCount || recordedTotal !== closed.totalTickets) {
    fail(
      `the recorded list holds ${recorded.length} entrants and ${recordedTotal} tickets, EntriesClosed says ${closed.entrantCount} and ${closed.totalTickets}`,
    );
  }
  auditEntryTree(recordedLines, closed, lines, fail, precomputed?.tree);
  const recordedList: FrozenEntryList = { entrants: recorded, totalTickets: recordedTotal, hash: closed.listHash };

  if (!revealed) {
    lines.push('The randomness is not revealed yet: the list cannot be rebuilt (its ids are keyed by the salt published with the reveal).');
    return {
      verified: problems.length === 0,
      lines: [...lines, problems.length === 0 ? 'VERIFIED (entry list only)' : `${problems.length} difference(s)`],
    };
  }

  // 2. Rebuild the list from the log with the same rule and compare it entrant by entrant.
  const input: EligibilityInput = closeEligibilityInput(prizeId, stateAtClose.fields.prize_type_id, closed);
  let eligible: readonly EligibleEntrant[];
  if ('eligible' in log) {
    const folded = log.input;
    if (folded.prizeId !== input.prizeId || folded.prizeType !== input.prizeType || folded.asOf !== input.asOf) {
      fail(
        `the log was folded for ${folded.prizeId} (${folded.prizeType}) as of ${folded.asOf}, the draw needs ${input.prizeId} (${input.prizeType}) as of ${input.asOf}`,
      );
      lines.push(`${problems.length} difference(s)`);
      return { verified: false, lines };
    }
    eligible = log.eligible;
  } else eligible = eligibleEntrants(log, input);
  const known = 'eligible' in log ? log.entrantIds : undefined;
  const ids = new Array<string>(eligible.length);
  // The ids not computed while the log streamed in, all at once (four at a time in WebAssembly SIMD).
  const missing: number[] = [];
  for (let i = 0; i < eligible.length; i++) {
    const id = known?.get(eligible[i]!.key);
    if (id === undefined) missing.push(i);
    else ids[i] = id;
  }
  const computed = pseudonymousEntrantIdsOf(
    revealed.entrantSalt,
    missing.map((i) => eligible[i]!.key),
  );
  for (let j = 0; j < missing.length; j++) ids[missing[j]!] = computed[j]!;
  // Indices sorted by id (no map from id to entrant): closeEntryList then finds the list sorted and only checks and hashes it.
  const order = entrantIdOrder(ids);
  // The recorded list is canonical lines hashing to the recorded hash (checked above): a rebuilt
  // list holding the same entrants with the same tickets, in the same order, is those same lines,
  // so it has that hash without building and hashing its 7 MB of lines again. Any other list is
  // built and hashed in full, for the hash it has and the entrants that differ.
  const same = recordedHash === closed.listHash && sameEntrants(order, ids, eligible, recorded);
  const rebuilt = same
    ? { hash: recordedHash, entrants: recorded }
    : closeEntryList(order.map((i) => ({ entrantId: ids[i]!, tickets: eligible[i]!.tickets })));
  // Who an entrant id stands for: looked up for the few winners, mapped whole only to explain a difference.
  let keyMap: Map<string, string> | null = null;
  const keyOf = {
    get: (id: string): string | undefined => {
      const at = ids.indexOf(id);
      return at >= 0 ? eligible[at]!.key : undefined;
    },
    has: (id: string): boolean => ids.includes(id),
    all: (): Map<string, string> => (keyMap ??= new Map(ids.map((id, i) => [id, eligible[i]!.key]))),
  };
  if (rebuilt.hash === closed.listHash) lines.push(`Rebuilt the entry list from the event log: hash ${rebuilt.hash} matches`);
  else {
    fail(`the entry list rebuilt from the event log hashes to ${rebuilt.hash}, recorded ${closed.listHash}`);
    const before = new Map(recorded.map((e) => [e.entrantId, e.tickets]));
    const after = new Map(rebuilt.entrants.map((e) => [e.entrantId, e.tickets]));
    const keys = keyOf.all();
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(id) ?? 0;
      const now = after.get(id) ?? 0;
      if (was !== now) fail(`entrant ${id}${keys.has(id) ? ` (${keys.get(id)})` : ''}: recorded ${was} tickets, rebuilt ${now}`);
    }
  }

  // 3. The reveal opens the commitment made before the close.
  const randomness = Buffer.from(revealed.randomness, 'hex');
  if (method === 'commit-reveal') {
    if (commitment && verifyReveal(commitment, randomness)) lines.push(`Revealed randomness matches commitment ${commitment}`);
    else fail(`the revealed randomness does not match commitment ${commitment ?? '(none)'}`);
  } else if (method === 'beacon' && beacon) auditBeacon(beacon, commitment, closed.asOf, revealed, options, lines, fail);
  else fail(`the draw method ${method ?? '(none)'} has no randomness to check`);

  // 4. Seed and every winner, redraws included, recomputed from the recorded values. A redraw of a
  // draw scheduled with a redraw commitment reveals fresh randomness: its link must open the previous
  // link (the commitment, recorded before the close, for the first redraw) and its seed is recomputed.
  const firstSeed = drawSeed(closed.listHash, randomness, prizeId);
  if (firstSeed !== revealed.seed) fail(`the seed recomputes to ${firstSeed}, recorded ${revealed.seed}`);
  const scheduled = drawEvents.find((e) => e.type === 'DrawScheduled');
  const redrawCommitment = scheduled?.type === 'DrawScheduled' ? (scheduled.data.redrawCommitment ?? null) : null;
  if (redrawCommitment) lines.push(`Redraws committed before the close: hash chain ending ${redrawCommitment}`);
  let seed = firstSeed;
  let previousLink = redrawCommitment;
  let redraws = 0;
  const excluded = new Set<string>();
  let startK = 0;
  for (const e of drawEvents) {
    if (e.type === 'WinnerRedrawn') {
      redraws += 1;
      const { randomness: link, seed: recordedSeed, redraw } = e.data;
      if (redrawCommitment === null) {
        if (link !== undefined) fail(`redraw ${redraws} reveals randomness, but the draw committed to none`);
        else lines.push(`Redraw ${redraws} (${e.data.reason}): the draw predates redraw commitments, the first seed continues`);
        continue;
      }
      if (link === undefined || recordedSeed === undefined) {
        fail(`redraw ${redraws} records no fresh randomness, though the draw committed to it`);
        continue;
      }
      if (redraw !== redraws) fail(`redraw ${redraws} is recorded as redraw ${redraw ?? '(none)'}`);
      if (previousLink !== null && verifyReveal(previousLink, Buffer.from(link, 'hex')))
        lines.push(
          `Redraw ${redraws} (${e.data.reason}): randomness ${link} opens ${redraws === 1 ? 'the redraw commitment' : `redraw ${redraws - 1}'s randomness`}`,
        );
      else
        fail(
          `redraw ${redraws}: the revealed randomness ${link} does not open ${redraws === 1 ? 'the redraw commitment' : `redraw ${redraws - 1}'s randomness`} ${previousLink ?? '(none)'}`,
        );
      previousLink = link;
      seed = drawSeed(closed.listHash, Buffer.from(link, 'hex'), prizeId);
      if (seed !== recordedSeed) fail(`redraw ${redraws}: the seed recomputes to ${seed}, recorded ${recordedSeed}`);
      continue;
    }
    if (e.type !== 'WinnerDrawn') continue;
    let outcome;
    try {
      outcome = drawWinners(recordedList, seed, 1, excluded, { startK });
    } catch (error) {
      fail(`winner at k=${e.data.k}: no winner can be recomputed (${error instanceof Error ? error.message : String(error)})`);
      break;
    }
    const expected = outcome.winners[0];
    if (!expected || expected.k !== e.data.k || expected.ticket !== e.data.ticket || expected.entrantId !== e.data.entrantId) {
      fail(
        `winner recorded k=${e.data.k} ticket ${e.data.ticket} entrant ${e.data.entrantId}, recomputed k=${expected?.k} ticket ${expected?.ticket} entrant ${expected?.entrantId}`,
      );
    } else
      lines.push(
        `Winner k=${e.data.k}: ticket ${e.data.ticket}, entrant ${e.data.entrantId} recomputed${redraws > 0 ? ` (redraw ${redraws}, earlier winners excluded)` : ''}`,
      );
    if (outcome.nextK !== e.data.nextK) fail(`after k=${e.data.k} the next k recomputes to ${outcome.nextK}, recorded ${e.data.nextK}`);
    const key = keyOf.get(e.data.entrantId);
    const named = key === undefined ? null : memberIdOfEntrantKey(key);
    if (named !== null && (e.data.memberIds.length !== 1 || e.data.memberIds[0] !== named))
      fail(`winner k=${e.data.k} names ${e.data.memberIds.join(', ')}, the entrant is ${named}`);
    excluded.add(e.data.entrantId);
    startK = e.data.nextK;
  }
  lines.push(problems.length === 0 ? 'VERIFIED' : `${problems.length} difference(s)`);
  return { verified: problems.length === 0, lines };
}

/** Whether the entrants `order` puts in id order are `recorded`, entrant for entrant, with the same tickets. */
function sameEntrants(
  order: readonly number[],
  ids: readonly string[],
  eligible: readonly EligibleEntrant[],
  recorded: readonly FrozenEntrant[],
): boolean {
  if (order.length !== recorded.length) return false;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (ids[i] !== recorded[k]!.entrantId || eligible[i]!.tickets !== recorded[k]!.tickets) return false;
  }
  return true;
}

/** Beacon draws: the commitment names the chain and round, the round is the one scheduled, published after the close, and signed. */
function auditBeacon(
  beacon: BeaconSchedule,
  commitment: string | null,
  asOf: string,
  revealed: DataOf<'RandomnessRevealed'>,
  options: AuditOptions,
  lines: string[],
  fail: (line: string) => void,
): void {
  const where = `${beacon.name} round ${beacon.round}${beacon.chainHash ? ` (chain ${beacon.chainHash})` : ''}`;
  if (commitment === beaconCommitment(beacon)) lines.push(`The draw committed to ${where} before the entries closed`);
  else fail(`the commitment ${commitment ?? '(none)'} does not name ${where}`);
  if (beacon.genesisTime !== undefined && beacon.period !== undefined) {
    const publishedAt = beaconRoundTime(beacon.genesisTime, beacon.period, beacon.round);
    if (publishedAt.getTime() > Date.parse(asOf))
      lines.push(`Round ${beacon.round} is published at ${publishedAt.toISOString()}, after the list closed as of ${asOf}`);
    else fail(`round ${beacon.round} was published at ${publishedAt.toISOString()}, not after the list closed as of ${asOf}`);
  }
  const round = revealed.beacon;
  if (!round) {
    fail('the reveal does not record the beacon round and signature');
    return;
  }
  if (round.round !== beacon.round) fail(`the revealed round is ${round.round}, the draw committed to round ${beacon.round}`);
  if (beaconRandomnessMatchesSignature(revealed.randomness, round.signature))
    lines.push(`Beacon randomness ${revealed.randomness} is the SHA-256 of the round's signature`);
  else fail(`the revealed randomness is not the SHA-256 of round ${round.round}'s signature`);
  if (!options.verifyBeaconSignature) {
    lines.push("The round's signature was not checked against the chain's public key (no verifier for this beacon)");
    return;
  }
  const problem = options.verifyBeaconSignature(beacon, round);
  if (problem === null)
    lines.push(`Round ${round.round}'s signature verifies against the chain's public key${beacon.scheme ? ` (${beacon.scheme})` : ''}`);
  else fail(`round ${round.round}'s signature: ${problem}`);
}

/** Issue 24: the entry tree of the recorded pages has the root and size the close recorded (closes before it record none). */
function auditEntryTree(
  recordedLines: readonly string[],
  closed: DataOf<'EntriesClosed'>,
  lines: string[],
  fail: (line: string) => void,
  computed?: EntryTreeRoot,
): void {
  if (closed.entryRoot === undefined) {
    lines.push('The close records no entry tree root (closed before issue 24): the list hash alone commits to the list');
    return;
  }
  const tree = computed ?? entryTreeRootOfLines(recordedLines);
  if (tree.root !== closed.entryRoot) fail(`the recorded entry list's Merkle root is ${tree.root}, EntriesClosed says ${closed.entryRoot}`);
  else if (tree.count !== closed.entryCount)
    fail(`the recorded entry list's Merkle tree has ${tree.count} leaves, EntriesClosed says ${closed.entryCount}`);
  else lines.push(`Entry tree root ${closed.entryRoot} over ${tree.count} entrants matches the recorded list`);
  if (closed.treeHead)
    lines.push(`The close committed to the sealed log's tree head of size ${closed.treeHead.size}, root ${closed.treeHead.rootHash}`);
}
