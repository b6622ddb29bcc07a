import {
  auditDraw,
  auditEligibilityInput,
  closeEligibilityInput,
  permitsRelied,
  beaconCommitment,
  commitRandomness,
  drawStreamId,
  eligibilityAccumulator,
  eligibilityPayloadFieldsFor,
  entrantIdOrder,
  entrantKeyOfEvent,
  entrantToIdentify,
  memberStreamId,
  prizeDecider,
  pseudonymousEntrantIdsOf,
  RecordedListWork,
  redrawChainEnd,
  redrawChainLink,
  rulesInForce,
  type AuState,
  type AuditLog,
  type AuditReport,
  type EligibleEntrant,
  type EntrantIdentity,
  type ExistingPrize,
  type PrizeCommand,
  type PrizeEvent,
  type PrizeState,
} from '@roar/domain';
import { DomainError, handleCommand, listTreeHeads, loadState, positionToString, type CommandContext, type EventStore } from '@roar/platform';
import type { AppContext } from '../context';
import { clubDay } from '@roar/contracts/time';
import { minimumEntryAge, readComplianceRules } from '../compliance/rules';
import { readPermits } from '../compliance/permits';
import { readDrawSettings } from '../compliance/settings';
import { awaitProjections, executeCommand, type ExecutedCommand } from '../http/commands';
import { createPrize, updatePrize } from '../prizes/slug';
import { issueDrawTerms } from '../prizes/terms';
import { beaconFromConfig, DrandBeacon, verifyDrandSignature } from './beacon';
import { recordEntrantIdentities, readEntrantIdentity } from './identities';
import { eligibleFromReadModel } from './eligibility';
import { eligibleAtCutoff, forEachLogEvent } from './log';
import { ensureDrawSecret, ensureRedrawSecret, readDrawSecret, readRedrawSecret } from './secrets';

/**
 * The prize's current state: the one this process last folded (a close's frozen list of 100,000
 * entrants included) plus the events written since, or the whole stream the first time.
 */
export async function loadPrize(store: EventStore, prizeId: string): Promise<{ state: PrizeState }> {
  return { state: (await loadState(store, drawStreamId(prizeId), prizeDecider)).state };
}

/** The prize stream's events as recorded (the audit's and the tests' view; commands fold state with loadPrize). */
export async function prizeEvents(store: EventStore, prizeId: string): Promise<PrizeEvent[]> {
  return (await store.readStream(drawStreamId(prizeId))).map((e) => ({ type: e.type, data: e.data }) as PrizeEvent);
}

function existing(state: PrizeState): ExistingPrize {
  if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
  return state;
}

/**
 * One prize command on the draw stream. CreatePrize and a slug change in UpdatePrize go through the
 * slug's reservation stream first (prizes/slug.ts): a slug another prize holds is a 409.
 */
export async function runPrizeCommand(
  app: AppContext,
  prizeId: string,
  command: PrizeCommand,
  ctx: CommandContext,
): Promise<ExecutedCommand<PrizeState>> {
  if (command.type === 'CreatePrize') return createPrize(app, prizeId, command, ctx);
  const result =
    command.type === 'UpdatePrize'
      ? await updatePrize(app, prizeId, command, ctx)
      : command.type === 'PublishPrize' && !command.compliance
        ? await publishPrize(app, prizeId, ctx)
        : await executeCommand(app, drawStreamId(prizeId), prizeDecider, command, ctx);
  // The terms follow the draw's data: issued on publish, and again whenever an edit changes their HTML.
  if (command.type === 'UpdatePrize' || command.type === 'PublishPrize') {
    const { state } = await loadPrize(app.store, prizeId);
    if (state.status !== 'absent') await issueDrawTerms(app, state, ctx);
  }
  return result;
}

/** PublishPrize checked against the compliance rules in force today and the permits registered (409 naming the state and the rule). */
async function publishPrize(app: AppContext, prizeId: string, ctx: CommandContext): Promise<ExecutedCommand<PrizeState>> {
  const [rules, permits] = await Promise.all([readComplianceRules(app), readPermits(app.store)]);
  const compliance = { rules, permits, publishDay: clubDay(app.now()) };
  return executeCommand(app, drawStreamId(prizeId), prizeDecider, { type: 'PublishPrize', compliance }, ctx);
}

/**
 * Commit-reveal records the SHA-256 of a fresh secret; with DRAW_RANDOMNESS=drand the draw commits
 * to the first drand round after the closing date (plus a margin) instead. Either way the entrant-id
 * salt is created now and published with the reveal.
 */
export async function scheduleDraw(app: AppContext, prizeId: string, ctx: CommandContext) {
  const prize = existing((await loadPrize(app.store, prizeId)).state);
  const { secret } = await ensureDrawSecret(app.sql, prizeId);
  // Issue 22: the redraws' fresh randomness is committed now too, before the list exists (a hash chain's end).
  const chain = await ensureRedrawSecret(app.sql, prizeId);
  const redraw = { commitment: redrawChainEnd(chain.secret, chain.chainLength), chainLength: chain.chainLength };
  const drand = beaconFromConfig(app.config);
  if (drand && prize.draw.status === 'unscheduled') {
    const beacon = await drand.scheduleAfter(new Date(prize.fields.prize_end_date));
    return runPrizeCommand(app, prizeId, { type: 'ScheduleDraw', method: 'beacon', commitment: beaconCommitment(beacon), beacon, redraw }, ctx);
  }
  const commitment = commitRandomness(Buffer.from(secret, 'hex'));
  return runPrizeCommand(app, prizeId, { type: 'ScheduleDraw', method: 'commit-reveal', commitment, beacon: null, redraw }, ctx);
}

/**
 * The pseudonymous id of each eligible entrant (HMAC-SHA-256 of its key under the draw's salt) and
 * the order that sorts them: indices sorted by id (entrantIdOrder), no map from id to entrant.
 * Two keys with one id would make one entrant of two: refused, never merged.
 */
function entrantIdsInOrder(salt: string, eligible: readonly EligibleEntrant[]): { ids: string[]; order: number[] } {
  const ids = pseudonymousEntrantIdsOf(
    salt,
    eligible.map((e) => e.key),
  );
  const order = entrantIdOrder(ids);
  for (let i = 1; i < order.length; i++) if (ids[order[i - 1]!] === ids[order[i]!]) throw new Error('draw: two entrants share an id');
  return { ids, order };
}

/** Entries close at the prize's end date, or now when staff close earlier. */
export async function closeEntries(app: AppContext, prizeId: string, ctx: CommandContext) {
  const prize = existing((await loadPrize(app.store, prizeId)).state);
  if (prize.draw.status !== 'scheduled')
    throw new DomainError('conflict', prize.draw.status === 'unscheduled' ? 'Schedule the draw first.' : 'The entries are already closed.');
  const secret = await readDrawSecret(app.sql, prizeId);
  if (!secret) throw new DomainError('conflict', 'The draw secret is missing: schedule the draw again.');
  const end = new Date(prize.fields.prize_end_date);
  const asOf = (ctx.occurredAt < end ? ctx.occurredAt : end).toISOString();
  // Issue 22: a draw stating its open states closes under eligibility rule 2, recording the states,
  // the permits relied on and the minimum age in force; one without them closes under rule 1 as before.
  const openStates = prize.fields.open_states ?? [];
  const residence =
    openStates.length === 0
      ? undefined
      : {
          openStates,
          permits: permitsRelied(openStates, await readPermits(app.store), clubDay(asOf)).map((p) => ({
            jurisdiction: p.jurisdiction,
            number: p.number,
            valid_from: p.valid_from,
            valid_to: p.valid_to,
          })),
          minimumAge: await minimumEntryAge(app),
        };
  const input = residence
    ? { prizeId, prizeType: prize.fields.prize_type_id, asOf, ruleVersion: 2, openStates: residence.openStates, minimumAge: residence.minimumAge }
    : { prizeId, prizeType: prize.fields.prize_type_id, asOf };
  const head = await app.store.headPosition();
  // The read model answers at its checkpoint (at or past the head); without it, the log is replayed up to the head.
  const snapshot = await eligibleFromReadModel(app, head, input);
  const cutoff = snapshot?.cutoff ?? head;
  const folded = snapshot?.eligible ?? (await eligibleAtCutoff(app.store, cutoff, input));
  const computed = entrantIdsInOrder(secret.salt, folded);
  // In id order here: the decider's closeEntryList then finds the list sorted and only checks and
  // hashes it, and the identities below are stored in the same order.
  const listed = computed.order.map((i) => folded[i]!);
  const entrants = computed.order.map((i) => ({ entrantId: computed.ids[i]!, tickets: folded[i]!.tickets }));
  const command: PrizeCommand = {
    type: 'CloseEntries',
    entrants,
    cutoffPosition: positionToString(cutoff),
    asOf,
    ...(residence ? { residence } : {}),
    ...(await latestTreeHeadSeen(app)),
  };
  const outcome = await handleCommand(app.store, app.registry, drawStreamId(prizeId), prizeDecider, command, ctx);
  // Who stands behind each entrant, stored while the projections catch up: a row maps the recorded
  // list's hash to its keys in list order. Should this write fail, the draw falls back to the
  // replay (identitiesByReplay), so the close stands.
  const listHash = outcome.state.status === 'absent' ? null : outcome.state.draw.listHash;
  const identities =
    listHash === null
      ? Promise.resolve()
      : recordEntrantIdentities(app.sql, prizeId, listHash, listed).catch((error: unknown) => {
          app.logger.warn({ err: error, prizeId }, 'draw: could not store the entrant identities; drawing will replay the log');
        });
  try {
    // The close answers with the draw as the prizes read model shows it (its status and entrant
    // pages): only that projection is waited for, not every one that handles a list page.
    return await awaitProjections(app, outcome, ['prizes']);
  } finally {
    await identities;
  }
}

/**
 * Issue 24: the latest signed tree head of the sealed log, which the close commits to; nothing
 * when sealing is off (no tree head signed, or the transparency tables not there yet).
 */
async function latestTreeHeadSeen(app: AppContext): Promise<{ treeHead?: { size: number; rootHash: string } }> {
  const [head] = await listTreeHeads(app.sql, 1).catch(() => []);
  return head ? { treeHead: { size: head.treeSize, rootHash: head.rootHash.toString('hex') } } : {};
}

/** Who each entrant id of the frozen list stands for: the eligibility replay at the recorded cutoff. */
async function identitiesByReplay(app: AppContext, prizeId: string, prize: ExistingPrize, salt: string): Promise<Map<string, EntrantIdentity>> {
  const closed = (await app.store.readStream(drawStreamId(prizeId))).find((e) => e.type === 'EntriesClosed');
  const data = closed?.data as
    { cutoffPosition: string; asOf: string; eligibilityRuleVersion: number; openStates?: string[]; minimumAge?: number } | undefined;
  if (!data) throw new DomainError('conflict', 'Close the entries first.');
  const eligible = await eligibleAtCutoff(app.store, data.cutoffPosition, closeEligibilityInput(prizeId, prize.fields.prize_type_id, data));
  const ids = pseudonymousEntrantIdsOf(
    salt,
    eligible.map((e) => e.key),
  );
  return new Map(eligible.map((e, i) => [ids[i]!, { key: e.key, memberIds: e.memberIds }]));
}

/**
 * The identities a DrawWinner/RedrawWinner command needs: only the entrant the decider will pick
 * (`entrantToIdentify`), read from draw.entrant_identities. A draw closed before that table
 * existed (no row) replays the log. Nothing to pick: an empty map, and the decider refuses.
 */
async function identitiesFor(
  app: AppContext,
  prizeId: string,
  prize: ExistingPrize,
  salt: string,
  randomness: string | null,
): Promise<ReadonlyMap<string, EntrantIdentity>> {
  const entrantId = entrantToIdentify(prize, randomness);
  if (entrantId === null) return new Map();
  const position = prize.draw.entrants.findIndex((e) => e.entrantId === entrantId);
  const who =
    prize.draw.listHash !== null && position >= 0
      ? await readEntrantIdentity(app.sql, prizeId, { listHash: prize.draw.listHash, position, entrantId })
      : null;
  if (who) return new Map([[entrantId, who]]);
  return identitiesByReplay(app, prizeId, prize, salt);
}

export async function drawWinner(app: AppContext, prizeId: string, ctx: CommandContext) {
  const prize = existing((await loadPrize(app.store, prizeId)).state);
  const secret = await readDrawSecret(app.sql, prizeId);
  if (!secret) throw new DomainError('conflict', 'The draw secret is missing.');
  if (prize.draw.method === 'beacon') {
    const schedule = prize.draw.beacon;
    if (!schedule?.url || !schedule.chainHash) throw new DomainError('conflict', 'The draw does not record which beacon to read.');
    if (prize.draw.status !== 'closed')
      throw new DomainError('conflict', prize.draw.status === 'scheduled' ? 'Close the entries first.' : 'A winner is already drawn.');
    // The recorded chain, not today's configuration: the round was committed on that chain.
    const drand = new DrandBeacon({ url: schedule.url, chainHash: schedule.chainHash, timeoutMs: app.config.DRAND_TIMEOUT_MS });
    const round = await drand.fetchRound(schedule, ctx.occurredAt);
    const beaconRound = { round: round.round, signature: round.signature, previousSignature: round.previousSignature };
    const identities = await identitiesFor(app, prizeId, prize, secret.salt, round.randomness);
    return runPrizeCommand(
      app,
      prizeId,
      { type: 'DrawWinner', randomness: round.randomness, entrantSalt: secret.salt, identities, beaconRound },
      ctx,
    );
  }
  const identities = await identitiesFor(app, prizeId, prize, secret.salt, secret.secret);
  return runPrizeCommand(app, prizeId, { type: 'DrawWinner', randomness: secret.secret, entrantSalt: secret.salt, identities }, ctx);
}

export async function redrawWinner(app: AppContext, prizeId: string, reason: string, ctx: CommandContext) {
  const prize = existing((await loadPrize(app.store, prizeId)).state);
  const secret = await readDrawSecret(app.sql, prizeId);
  if (!secret) throw new DomainError('conflict', 'The draw secret is missing.');
  // The next link of the redraw chain (draws scheduled with a redraw commitment); older draws redraw with the first seed.
  let randomness: string | undefined;
  if (prize.draw.redrawCommitment !== null) {
    const chain = await readRedrawSecret(app.sql, prizeId);
    if (!chain) throw new DomainError('conflict', 'The redraw secret is missing.');
    const redraw = prize.draw.redrawReveals.length + 1;
    if (redraw > chain.chainLength) throw new DomainError('conflict', 'Every committed redraw of this draw has been used.');
    randomness = redrawChainLink(chain.secret, chain.chainLength, redraw);
  }
  const identities = await identitiesFor(app, prizeId, prize, secret.salt, randomness ?? null);
  return runPrizeCommand(
    app,
    prizeId,
    { type: 'RedrawWinner', reason, entrantSalt: secret.salt, identities, now: app.now().toISOString(), ...(randomness ? { randomness } : {}) },
    ctx,
  );
}

/** The names and AU state a member's own stream holds (registration and profile updates). */
export async function publicProfileOf(store: EventStore, memberId: string): Promise<{ first: string; last: string; state: string | null }> {
  let first = '';
  let last = '';
  let state: string | null = null;
  for (const e of await store.readStream(memberStreamId(memberId))) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'MemberRegistered') {
      first = String(d.firstname ?? '');
      last = String(d.lastname ?? '');
      // Issue 22: the state given at sign-up (a later profile change replaces it).
      if (typeof d.state === 'string') state = d.state;
    }
    if (e.type === 'MemberProfileUpdated') {
      const c = (d.changes ?? {}) as Record<string, unknown>;
      if (typeof c.firstname === 'string') first = c.firstname;
      if (typeof c.lastname === 'string') last = c.lastname;
      if (typeof c.state === 'string' || c.state === null) state = (c.state as string | null) ?? null;
    }
  }
  return { first, last, state };
}

/** What the winners page shows in place of a name when the winner opted out where the rules allow it. */
export const NAME_WITHHELD = "Name withheld at the winner's request";

/**
 * "Sam K., QLD" (issue 22): the winner's first name, the initial of their last name and their AU
 * state: the one given at the claim, else the profile's. A team's result names its captain ("Sam K.
 * and team, QLD"). Claims ask for the state when the profile has none (issue 14, defect 10).
 */
export async function winnerDisplay(
  store: EventStore,
  memberId: string,
  claimedState: string | null = null,
  options: { readonly team?: boolean } = {},
): Promise<string> {
  const { first, last, state: profileState } = await publicProfileOf(store, memberId);
  const state = claimedState ?? profileState;
  const firstName = first.trim().split(/\s+/)[0]?.slice(0, 24) ?? '';
  const initial = last.trim().charAt(0).toUpperCase();
  const name =
    [firstName ? firstName.charAt(0).toUpperCase() + firstName.slice(1) : '', initial ? `${initial}.` : ''].filter(Boolean).join(' ') || 'A winner';
  const who = options.team ? `${name} and team` : name;
  return state ? `${who}, ${state}` : who;
}

/** Whether a winner from `state` may be left off the published results (compliance rule, per state, in force today). */
async function optOutAllowed(app: AppContext, state: string | null): Promise<boolean> {
  if (state === null) return false;
  const rules = await readComplianceRules(app);
  const inForce = rulesInForce(rules, clubDay(app.now()));
  return inForce.jurisdictions.get(state as AuState)?.winner_publication_opt_out === true;
}

/**
 * Publishes the current winner as "Sam K., QLD" with today's club day recorded, or withholds the
 * name when the winner opted out at the claim and the rules of their state allow it.
 */
export async function publishResult(app: AppContext, prizeId: string, ctx: CommandContext) {
  const prize = existing((await loadPrize(app.store, prizeId)).state);
  const current = prize.draw.winners[prize.draw.winners.length - 1];
  if (!current || current.redrawnReason !== null) throw new DomainError('conflict', 'There is no winner to publish.');
  const { state: profileState } = await publicProfileOf(app.store, current.memberIds[0]!);
  const withheld = current.publicationOptOut && (await optOutAllowed(app, current.claimedState ?? profileState));
  const display = withheld
    ? NAME_WITHHELD
    : await winnerDisplay(app.store, current.memberIds[0]!, current.claimedState, { team: current.memberIds.length > 1 });
  // Within the days the club sets (draw settings publicationDays), counted from the draw's close.
  const { publicationDays } = await readDrawSettings(app);
  const closedAt = prize.draw.closedAt ?? app.now().toISOString();
  const publishBy = clubDay(new Date(Date.parse(closedAt) + publicationDays * 86_400_000));
  return runPrizeCommand(
    app,
    prizeId,
    { type: 'PublishResult', display, publishedOn: clubDay(app.now()), publishBy, ...(withheld ? { withheld: true } : {}) },
    ctx,
  );
}

/** Entrant keys whose ids the audit computes at once while the log streams in. */
const ID_BATCH = 1024;

/**
 * The audit: the draw's stream and the log up to its recorded cutoff, never a read model. The log
 * is streamed page by page into the eligibility fold, so memory grows with the members, not the
 * events; only the event types this draw's entrants depend on are read (eligibilityPayloadFieldsFor:
 * a rule 1 draw reads no registrations, so no sealed date of birth is fetched or opened). Each
 * key's pseudonymous id is computed soon after its first grant (or team) streams in, ID_BATCH
 * keys at a time, while the database reads the next page; the audit then rebuilds, sorts and
 * hashes the list from them.
 */
export async function verifyDraw(store: EventStore, prizeId: string): Promise<AuditReport> {
  // The stream's events only: the audit reads what they record (auditDraw), it needs no folded state.
  const events = await prizeEvents(store, prizeId);
  const closed = events.find((e) => e.type === 'EntriesClosed');
  const revealed = events.find((e) => e.type === 'RandomnessRevealed');
  const input = auditEligibilityInput(prizeId, events);
  let log: AuditLog = [];
  // The recorded list parsed, hashed and put in its entry tree while the database reads the log.
  const recordedList = new RecordedListWork(events);
  if (closed && revealed && input) {
    const acc = eligibilityAccumulator(input);
    const salt = revealed.data.entrantSalt;
    const entrantIds = new Map<string, string>();
    // Keys waiting for their ids, hashed a batch at a time (four at once in WebAssembly SIMD).
    let pending: string[] = [];
    const hashPending = () => {
      const ids = pseudonymousEntrantIdsOf(salt, pending);
      for (let i = 0; i < pending.length; i++) entrantIds.set(pending[i]!, ids[i]!);
      pending = [];
    };
    // Member and team ids already given an entrant id: looked up by the payload's own id string,
    // which the fold has just hashed, rather than by a key built afresh for every event.
    const named = { member: new Set<string>(), team: new Set<string>() };
    await forEachLogEvent(
      store,
      closed.data.cutoffPosition,
      (e) => {
        acc.add(e);
        // Only a grant or a complete team can make an entrant; the other events name no one new.
        if (e.type !== 'EntriesGranted' && e.type !== 'TeamCompleted') return;
        const d = e.data as { memberId?: unknown; teamId?: unknown };
        const [seen, id] = e.type === 'TeamCompleted' ? [named.team, d.teamId] : [named.member, d.memberId];
        if (typeof id !== 'string' || seen.has(id)) return;
        seen.add(id);
        const key = entrantKeyOfEvent(e);
        if (key !== null && pending.push(key) === ID_BATCH) hashPending();
      },
      { fields: eligibilityPayloadFieldsFor(input), whileWaiting: () => recordedList.step() },
    );
    hashPending();
    log = { input, eligible: acc.result(), entrantIds };
  }
  return auditDraw(prizeId, events, log, { verifyBeaconSignature: verifyDrandSignature, recordedList });
}
