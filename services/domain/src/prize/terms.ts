import { createHash } from 'node:crypto';
import type { DrawSettings } from '@roar/contracts/draw-settings';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { cleanHtml } from '../html';
import type { AuState } from '../member/events';
import type { PrizeFields } from './events';
import { addMonths } from './decider';

/** The figures set by law or club rules that the terms quote. */
export interface TermsComplianceFigures {
  /** Youngest age that may enter, in whole years. */
  readonly minimumAge: number;
  /** Months after the draw before an unclaimed prize is redrawn. */
  readonly unclaimedRedrawMinMonths: number;
}

/** Everything the terms of one draw show; nothing else goes in, so the same input gives the same HTML. */
export interface DrawTermsInput {
  readonly fields: Pick<PrizeFields, 'title' | 'prize_value' | 'prize_value_currency' | 'prize_end_date' | 'open_states' | 'claim_period_days'>;
  /** When entries open (the prize's publication); null when not yet published. */
  readonly entriesOpenAt: string | null;
  /** The draw instant (defaults to the close, prize_end_date) and its method. */
  readonly drawAt: string;
  readonly method: 'commit-reveal' | 'beacon';
  readonly settings: DrawSettings;
  /** Permit numbers per open state; a state absent here reads "Permit: not required". */
  readonly permits: Readonly<Partial<Record<AuState, string>>>;
  readonly compliance: TermsComplianceFigures;
}

/** Every state and territory, the order the terms list them in. */
export const ALL_AU_STATES: readonly AuState[] = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

/** The headings every draw's terms hold, in order (issue 22). */
export const DRAW_TERMS_HEADINGS = [
  'Promoter',
  'Who may enter',
  'Entry period',
  'Prizes and values',
  'The draw',
  'How anyone can verify the draw',
  'Notification and publication',
  'Claim period',
  'Redraw',
  'Limits',
  'Disputes',
  'Permit numbers',
] as const;

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const clubDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: CLUB_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const offsetFormat = new Intl.DateTimeFormat('en-AU', { timeZone: CLUB_TIME_ZONE, timeZoneName: 'longOffset' });

/** AEDT when Sydney is on daylight time (UTC+11), AEST otherwise (UTC+10). */
export function clubZoneLabel(instant: string): 'AEST' | 'AEDT' {
  const name = offsetFormat.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return name.includes('+11') ? 'AEDT' : 'AEST';
}

/** "Saturday, 5 December 2026 at 8:00 pm AEDT": the instant in club time with its zone label. */
export function formatClubInstant(instant: string): string {
  const parts = Object.fromEntries(clubDateTime.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const dayPeriod = String(parts.dayPeriod ?? '').toLowerCase();
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} ${dayPeriod} ${clubZoneLabel(instant)}`;
}

const money = (value: number, currency: string): string =>
  `${currency === 'AUD' ? 'A' : ''}$${value.toLocaleString('en-AU', { minimumFractionDigits: value % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

const listStates = (states: readonly AuState[]): string =>
  states.length <= 1 ? (states[0] ?? '') : `${states.slice(0, -1).join(', ')} and ${states[states.length - 1]}`;

const section = (heading: string, ...paragraphs: string[]): string => `<h2>${esc(heading)}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;

/** The terms of one draw as HTML, cleaned by the one HTML policy (rich text). Pure: same input, same output. */
export function generateDrawTerms(input: DrawTermsInput): string {
  const { fields, settings, compliance } = input;
  const states = ALL_AU_STATES.filter((s) => (fields.open_states ?? ALL_AU_STATES).includes(s));
  const drawWhen = formatClubInstant(input.drawAt);
  const redrawOn = formatClubInstant(addMonths(input.drawAt, compliance.unclaimedRedrawMinMonths));
  const abn = settings.abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
  const method =
    input.method === 'beacon'
      ? 'The winning ticket is chosen from the frozen entry list using a public drand randomness beacon round fixed before entries close, so no one, including the promoter, can know or influence the result in advance.'
      : 'The winning ticket is chosen from the frozen entry list using a secret whose SHA-256 commitment is published before entries close and revealed at the draw (commit-reveal), so the promoter cannot change it after seeing the entries.';
  const html = [
    // The policy allows no h1: the page that shows the terms holds the page heading.
    `<p><strong>Terms of entry: ${esc(fields.title)}</strong></p>`,
    section('Promoter', `The promoter is ${esc(settings.promoterName)} (ABN ${esc(abn)}), ${esc(settings.address)}.`),
    section(
      'Who may enter',
      `Entry is open to members of the club aged ${compliance.minimumAge} or over who live in ${esc(listStates(states))}. Employees of the promoter and their immediate families may not win.`,
    ),
    section(
      'Entry period',
      input.entriesOpenAt === null
        ? `Entries open when the draw is published and close on ${esc(formatClubInstant(fields.prize_end_date))}.`
        : `Entries open on ${esc(formatClubInstant(input.entriesOpenAt))} and close on ${esc(formatClubInstant(fields.prize_end_date))}.`,
    ),
    section(
      'Prizes and values',
      `One prize: ${esc(fields.title)}, valued at ${esc(money(fields.prize_value, fields.prize_value_currency))} (${esc(fields.prize_value_currency)}, including GST).`,
    ),
    section('The draw', `The draw takes place on ${esc(drawWhen)} at ${esc(settings.drawPlace)}.`, esc(method)),
    section(
      'How anyone can verify the draw',
      'After the draw we publish the entry list hash, the randomness and the winning ticket. Anyone can re-run the draw from these published records with <code>npm run audit:draw</code> and check that it picks the same winner.',
    ),
    section(
      'Notification and publication',
      `The winner is notified by email and in the app within two business days of the draw. The winner's first name, initial and state are published on the club's website for ${settings.publicationDays} days from the draw, unless the winner asks us not to.`,
    ),
    section(
      'Claim period',
      `The winner must claim the prize within ${input.fields.claim_period_days ?? settings.defaultClaimPeriodDays} days of being notified.`,
    ),
    section(
      'Redraw',
      `If the prize is declined or not claimed in time, it is redrawn on or after ${esc(redrawOn)} (${compliance.unclaimedRedrawMinMonths} months after the draw), in the same place and by the same method.`,
    ),
    section(
      'Limits',
      'Each member may win this prize once. Entries are personal and cannot be sold or transferred. The prize cannot be exchanged for cash unless the law requires it.',
    ),
    section('Disputes', esc(settings.disputesText)),
    `<h2>Permit numbers</h2><ul>${states.map((s) => `<li>${s}: ${input.permits[s] ? `Permit ${esc(input.permits[s]!)}` : 'Permit: not required'}</li>`).join('')}</ul>`,
  ].join('');
  return cleanHtml(html, 'rich');
}

/** Hex SHA-256 of the terms HTML: what a new version is compared on. */
export function termsSha256(html: string): string {
  return createHash('sha256').update(html, 'utf8').digest('hex');
}
