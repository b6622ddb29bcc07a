import { createHash, createHmac } from 'node:crypto';
import { DomainError } from '@roar/platform';
import { hmacSha256Hex, hmacSha256HexAll } from './hmac';

/**
 * The canonical frozen entry list of one draw. Closing a draw turns whatever entries the read
 * side counted into this exact shape, and its SHA-256 is recorded in an event before any
 * randomness is revealed. An auditor who rebuilds the same list from the event log gets the same
 * bytes, hence the same hash: every rule below (merge, sort, drop, serialise) exists so that two
 * honest implementations cannot disagree.
 */
export interface EntryInput {
  readonly entrantId: string;
  readonly tickets: number;
}

export interface FrozenEntrant {
  readonly entrantId: string;
  readonly tickets: number;
}

export interface FrozenEntryList {
  /** Sorted by entrant id in byte order, one row per entrant, every ticket count > 0. */
  readonly entrants: readonly FrozenEntrant[];
  readonly totalTickets: number;
  /** Lower-case hex SHA-256 of the canonical serialisation (`<id>\t<tickets>\n` per entrant). */
  readonly hash: string;
}

/**
 * Printable ASCII without space: tab and newline are the separators of the canonical form, and
 * restricting to ASCII makes JavaScript's UTF-16 string order equal to UTF-8 byte order.
 */
const ENTRANT_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Entrant ids are pseudonymous so the published list and hash reveal no member ids: the HMAC of
 * the member id keyed by a per-draw salt. The salt stays with staff; an auditor given it can map
 * a winner back to a member, nobody else can link entrants across draws.
 */
export function pseudonymousEntrantId(memberId: string, drawSalt: string | Uint8Array): string {
  return createHmac('sha256', drawSalt).update(memberId, 'utf8').digest('hex');
}

/** `pseudonymousEntrantId` under one salt for a whole list (a close, an audit): the same ids, several times faster. */
export function pseudonymousEntrantIds(drawSalt: string | Uint8Array): (memberId: string) => string {
  return hmacSha256Hex(drawSalt);
}

/** The pseudonymous ids of all the keys given, in order, under one salt: a whole list hashed four at a time (hmacSha256HexAll). */
export function pseudonymousEntrantIdsOf(drawSalt: string | Uint8Array, memberIds: readonly string[]): string[] {
  return hmacSha256HexAll(drawSalt, memberIds);
}

function checkEntry(entry: EntryInput): void {
  if (!ENTRANT_ID.test(entry.entrantId)) {
    throw new DomainError('invalid', 'Entrant ids are 1 to 128 printable ASCII characters without spaces.', { entrantId: entry.entrantId });
  }
  if (!Number.isSafeInteger(entry.tickets) || entry.tickets < 0) {
    throw new DomainError('invalid', 'Ticket counts are whole numbers of zero or more.', { entrantId: entry.entrantId, tickets: entry.tickets });
  }
}

/** Lines hashed a page at a time: one update per line costs too many calls, one string too much memory. */
const HASH_PAGE = 1000;

/** Lower-case hex SHA-256 of canonical lines given in pages (`entryLines`): the list hash of the pages joined. */
export function hashEntryLines(pages: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const lines of pages) hash.update(lines, 'utf8');
  return hash.digest('hex');
}

function* linePages(entrants: readonly FrozenEntrant[], pageSize: number): Generator<string> {
  for (let from = 0; from < entrants.length; from += pageSize) yield entryLines(entrants.slice(from, from + pageSize));
}

export function hashEntrants(entrants: readonly FrozenEntrant[]): string {
  return hashEntryLines(linePages(entrants, HASH_PAGE));
}

/**
 * Merges rows per entrant, drops entrants without tickets, sorts and hashes. Rows handed over
 * already in strictly ascending id order (a close sorts its list) have nothing to merge or sort.
 */
export function closeEntryList(entries: Iterable<EntryInput>): FrozenEntryList {
  const { entrants, pages } = mergedInOrder(entries, HASH_PAGE);
  return { entrants, totalTickets: totalOf(entrants), hash: hashEntryLines(pages) };
}

/** A frozen list with its canonical lines cut in pages of `pageSize` entrants (what a close records). */
export interface PagedEntryList extends FrozenEntryList {
  /** `entryLines` of each page in order: joined, exactly the bytes `hash` covers. */
  readonly pages: readonly string[];
}

/**
 * `closeEntryList`, the canonical lines built once in pages and hashed page by page (the same
 * bytes, so the same hash), instead of built once for the hash and again for the pages.
 */
export function closeEntryListInPages(entries: Iterable<EntryInput>, pageSize: number): PagedEntryList {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be a positive whole number');
  const { entrants, pages } = mergedInOrder(entries, pageSize);
  const list = { entrants, totalTickets: totalOf(entrants), hash: hashEntryLines(pages), pages };
  builtPages = new Map(pages.map((lines, i) => [lines, entrants.slice(i * pageSize, (i + 1) * pageSize)]));
  return list;
}

/**
 * The entrants of each page of the list this process closed last (`closeEntryListInPages`), by the
 * page's lines: the fold of the events that close appends (the command handler's state after the
 * append, `entrantsOfLines`) takes them instead of parsing the same lines back into 100,000
 * objects. Only the last list is kept, and each page is handed over once.
 */
let builtPages = new Map<string, FrozenEntrant[]>();

/**
 * The entrants of canonical lines (`parseEntryLines`), or null when the text is not that form: the
 * entrants the last close built the same lines from when the lines are one of its pages (then
 * forgotten here), parsed otherwise. Equal lines are equal entrants either way.
 */
export function entrantsOfLines(lines: string, maxEntrants = Number.POSITIVE_INFINITY): FrozenEntrant[] | null {
  const built = builtPages.get(lines);
  if (built !== undefined && built.length <= maxEntrants) {
    builtPages.delete(lines);
    return built;
  }
  return parseEntryLines(lines, maxEntrants);
}

/**
 * Checked entries merged per entrant, entrants without tickets dropped, sorted by id, with their
 * canonical lines in pages of `pageSize`. Entries handed over in strictly ascending id order (a
 * close sorts its list) are checked without a regular expression per entry: each page of their
 * lines is matched whole (`checkedInOrder`).
 */
function mergedInOrder(entries: Iterable<EntryInput>, pageSize: number): { entrants: readonly FrozenEntrant[]; pages: string[] } {
  const input = Array.isArray(entries) ? (entries as readonly EntryInput[]) : [...entries];
  let inOrder = true;
  for (let i = 0; i < input.length; i++) {
    const tickets = input[i]!.tickets;
    if (!Number.isSafeInteger(tickets) || tickets < 0) checkEntry(input[i]!);
    if (inOrder && i > 0 && !(input[i - 1]!.entrantId < input[i]!.entrantId)) inOrder = false;
  }
  if (inOrder) return checkedInOrder(input, pageSize);
  for (const entry of input) checkEntry(entry);
  const merged = new Map<string, number>();
  for (const entry of input) merged.set(entry.entrantId, (merged.get(entry.entrantId) ?? 0) + entry.tickets);
  const ids: string[] = [];
  for (const [entrantId, tickets] of merged) if (tickets !== 0) ids.push(entrantId);
  // Ids are ASCII (checked above), so the default sort's code-unit order is byte order; sorting the
  // strings themselves, without a comparator called back per pair, is several times faster.
  ids.sort();
  const entrants = ids.map((entrantId) => ({ entrantId, tickets: merged.get(entrantId)! }));
  return { entrants, pages: [...linePages(entrants, pageSize)] };
}

/**
 * In-order entries (ticket counts already checked), those with tickets kept, in pages of
 * canonical lines; each page matched whole (`isEntryLines`: the same rule as checkEntry's for the
 * ids, as each id ends at its tab, and counts of 1 to 15 digits), and entry by entry only where a
 * page does not match (a count of 16 digits, or an id to name in the error).
 */
function checkedInOrder(input: readonly EntryInput[], pageSize: number): { entrants: readonly FrozenEntrant[]; pages: string[] } {
  const kept: FrozenEntrant[] = [];
  for (let i = 0; i < input.length; i++) if (input[i]!.tickets > 0) kept.push(input[i]!);
  const pages: string[] = [];
  for (let from = 0; from < kept.length; from += pageSize) {
    const page = kept.slice(from, from + pageSize);
    const lines = entryLines(page);
    if (!isEntryLines(lines)) for (const entry of page) checkEntry(entry);
    pages.push(lines);
  }
  // Zero-ticket entries are dropped, but their ids must still be well formed.
  if (kept.length !== input.length) for (const e of input) if (e.tickets === 0) checkEntry(e);
  return { entrants: kept, pages };
}

function totalOf(entrants: readonly FrozenEntrant[]): number {
  let totalTickets = 0;
  for (let i = 0; i < entrants.length; i++) totalTickets += entrants[i]!.tickets;
  // Above 2^53 ticket sums stop being exact numbers, and the sampler maps into [0, total).
  if (!Number.isSafeInteger(totalTickets)) throw new DomainError('invalid', 'Too many tickets in one draw.', { totalTickets });
  return totalTickets;
}

/**
 * A page of the list in its canonical form, `<id>\t<tickets>\n` per entrant: the exact bytes the
 * list hash covers, so the pages of a list, joined, are what was hashed.
 */
export function entryLines(entrants: readonly FrozenEntrant[]): string {
  let text = '';
  for (let i = 0; i < entrants.length; i++) text += `${entrants[i]!.entrantId}\t${entrants[i]!.tickets}\n`;
  return text;
}

/**
 * Canonical lines, the whole text at once: every line an entrant id of 1 to 128 printable ASCII
 * characters without space, a tab, a whole number of tickets of 1 to 15 digits without a leading
 * zero (a safe integer), a newline. One match over a page runs in the regular expression engine's
 * compiled code, several times faster than a match (or a loop) per line; nothing can backtrack,
 * as the tab ends the id and the newline the number.
 */
const ENTRY_LINES = /^(?:[\x21-\x7e]{1,128}\t[1-9][0-9]{0,14}\n)*$/;

/** The lines of `text` (its newlines), counted no further than one past `stopAbove`. */
function lineCount(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0 && lines <= stopAbove; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/**
 * Texts of at least CHECKED_MIN characters found to be canonical lines, with their line counts,
 * the latest CHECKED_MAX_CHARS characters of them: a close checks each page of its list as it
 * builds it, the registry again as the page is appended and again as the projections decode it
 * (a page read back is a new string with the same characters). The answer depends on the
 * characters alone, so a text found here is answered by comparing it with the one checked, and
 * a text that is not canonical is never kept. V8 hashes a string this long by its length, so a
 * look-up costs a comparison of the characters with the texts of that length, not a hash of them.
 */
const CHECKED_MIN = 16_384;
const CHECKED_MAX_CHARS = 32 * 1024 * 1024;
const checkedLines = new Map<string, number>();
let checkedChars = 0;

function rememberChecked(text: string, lines: number): void {
  if (text.length > CHECKED_MAX_CHARS) return;
  checkedLines.set(text, lines);
  checkedChars += text.length;
  // The oldest first (a Map keeps insertion order), until what is kept fits again.
  for (const old of checkedLines.keys()) {
    if (checkedChars <= CHECKED_MAX_CHARS) break;
    checkedLines.delete(old);
    checkedChars -= old.length;
  }
}

/**
 * Whether `text` is canonical lines (`entryLines`): every line an entrant id of 1 to 128
 * printable ASCII characters, a tab, a whole number of tickets from 1 to 15 digits (a safe
 * integer), a newline; at most `maxEntrants` lines. Checks without building anything.
 */
export function isEntryLines(text: string, maxEntrants = Number.POSITIVE_INFINITY): boolean {
  if (text.length < CHECKED_MIN)
    return ENTRY_LINES.test(text) && (maxEntrants === Number.POSITIVE_INFINITY || lineCount(text, maxEntrants) <= maxEntrants);
  const known = checkedLines.get(text);
  if (known !== undefined) return known <= maxEntrants;
  if (!ENTRY_LINES.test(text)) return false;
  const lines = lineCount(text);
  rememberChecked(text, lines);
  return lines <= maxEntrants;
}

/** The entrants of canonical lines (`entryLines`), or null when the text is not that form (`isEntryLines`). */
export function parseEntryLines(text: string, maxEntrants = Number.POSITIVE_INFINITY): FrozenEntrant[] | null {
  if (!isEntryLines(text, maxEntrants)) return null;
  const lines = text.split('\n');
  const out: FrozenEntrant[] = new Array<FrozenEntrant>(lines.length - 1);
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const tab = line.indexOf('\t');
    out[i] = { entrantId: line.slice(0, tab), tickets: Number(line.slice(tab + 1)) };
  }
  return out;
}

/**
 * How many entrants and tickets canonical lines hold, counted without building the entrants (a
 * projection storing the lines as they are needs only the totals). The lines must be canonical
 * (`isEntryLines`): this does not check them.
 */
export function entryLinesTotals(lines: string): { entrants: number; tickets: number } {
  let entrants = 0;
  let tickets = 0;
  for (let tab = lines.indexOf('\t'); tab >= 0; tab = lines.indexOf('\t', tab + 1)) {
    tickets += Number(lines.slice(tab + 1, lines.indexOf('\n', tab)));
    entrants += 1;
  }
  return { entrants, tickets };
}

/** For the auditor: does a list (e.g. rebuilt from the log) hash to the recorded value? */
export function entryListMatches(list: Pick<FrozenEntryList, 'entrants'>, recordedHash: string): boolean {
  return hashEntrants(list.entrants) === recordedHash.toLowerCase();
}

/** Up to this many ids sort by packed numeric keys (an index takes 21 bits beside a 32-bit id prefix in a double). */
const PACKED_SORT_MAX = 1 << 21;
const INDEX_SPAN = 2 ** 21;

/** The value of the first 8 characters of `id` read as lower-case hex digits, or -1 when they are not (or it is shorter). */
function hexHead(id: string): number {
  if (id.length < 8) return -1;
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const c = id.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * The indices of `ids` in ascending code-unit order of the ids (equal ids in index order): what
 * sorting the indices with a comparator over the strings gives, which is how a close and an audit
 * order a list by entrant id. Entrant ids are HMAC hex, so their first 8 digits are a 32-bit number
 * in the same order: each index is packed beside that number into one double and the doubles
 * sorted natively (a typed array's numeric sort, no comparator called back per pair: several
 * times faster on 100,000 ids); the rare ids sharing those 8 digits are put in order among
 * themselves by the comparator. Ids that are not all lower-case hex, or more than 2^21 of them,
 * go through the comparator sort.
 */
export function entrantIdOrder(ids: readonly string[]): number[] {
  const n = ids.length;
  const order = new Array<number>(n);
  const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
  const keys = n <= PACKED_SORT_MAX ? new Float64Array(n) : null;
  for (let i = 0; keys && i < n; i++) {
    const head = hexHead(ids[i]!);
    if (head < 0) {
      for (let j = 0; j < n; j++) order[j] = j;
      return order.sort(byId);
    }
    keys[i] = head * INDEX_SPAN + i;
  }
  if (!keys) {
    for (let j = 0; j < n; j++) order[j] = j;
    return order.sort(byId);
  }
  keys.sort();
  for (let i = 0; i < n; i++) order[i] = keys[i]! % INDEX_SPAN;
  // Runs sharing their first 8 digits (in index order so far) sorted by the whole id; a stable sort keeps equal ids in index order.
  for (let from = 0; from < n;) {
    const head = Math.floor(keys[from]! / INDEX_SPAN);
    let to = from + 1;
    while (to < n && Math.floor(keys[to]! / INDEX_SPAN) === head) to++;
    if (to - from > 1) {
      const run = order.slice(from, to).sort(byId);
      for (let i = 0; i < run.length; i++) order[from + i] = run[i]!;
    }
    from = to;
  }
  return order;
}
