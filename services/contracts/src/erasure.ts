import { z } from 'zod';
import { text } from './text';

/**
 * Deleting an account (issue 24): what goes, what stays and why, in one place. The member's
 * settings page, the staff console's erase dialog and the privacy policy page all show these
 * words, so what a member is told before confirming is what the policy says.
 */
export const ERASURE_DELETED: readonly string[] = [
  'Your name',
  'Your email address',
  'Your phone number',
  'Your address',
  'Your date of birth',
  'Your Golf Link number',
  'Messages you wrote to us (support requests, notes on claims)',
  'Your password and sign-in: you are signed out everywhere and cannot sign in again',
];

export interface ErasureKept {
  readonly what: string;
  readonly howLong: string;
  readonly why: string;
}

export const ERASURE_KEPT: readonly ErasureKept[] = [
  {
    what: 'Payment amounts and dates (memberships, entries, shop orders, refunds)',
    howLong: '5 years',
    why: 'Tax law requires us to keep business records for 5 years.',
  },
  {
    what: 'Draw entries and results, under a pseudonymous id that no longer leads to you',
    howLong: '3 years',
    why: 'Trade-promotion permits require draw records for 3 years, and every published draw must stay verifiable.',
  },
  {
    what: 'Handicap scores already sent to the national handicap system',
    howLong: 'As that system keeps them',
    why: 'They belong to the handicap record of the golf bodies, not to the club; ask your golf club to remove them there.',
  },
];

/** What happens to things still in progress when the account is deleted. */
export const ERASURE_PENDING: readonly string[] = [
  'A monthly membership is cancelled with the payment provider first: nothing is charged after deletion.',
  'A checkout you started but did not pay is dropped: nothing is charged.',
  'A prize not yet claimed, or a shop order not yet sent, can no longer be delivered, because we will no longer have your name or address: claim it, or wait for it to arrive, before you delete your account.',
];

/** Why the club's proofs and audits still hold afterwards. */
export const ERASURE_PROOFS =
  'Our event log and its published proofs hold your personal details only in encrypted form. Deleting your account deletes the key, so the log and every draw stay verifiable while your details can never be read again.';

export const ERASURE_HOW_TO_ASK =
  'Delete your account yourself in Settings, under Password & Security, with your password. Or ask us in writing (Support Center, or support@roarplus.com.au); staff confirm your request, record its reference and a second staff member approves it.';

/** The notice as plain text (emails, the staff dialog's summary). */
export function erasureNoticeText(): string {
  return [
    'What is deleted:',
    ...ERASURE_DELETED.map((d) => `- ${d}`),
    '',
    'What is kept, and why:',
    ...ERASURE_KEPT.map((k) => `- ${k.what}: ${k.howLong}. ${k.why}`),
    '',
    'Things in progress:',
    ...ERASURE_PENDING.map((p) => `- ${p}`),
  ].join('\n');
}

const esc = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The privacy policy's section on deleting an account (HTML the page policy allows: h2, p, ul, li). */
export function erasurePolicyHtml(): string {
  return [
    '<h2>Deleting your account</h2>',
    `<p>${esc(ERASURE_HOW_TO_ASK)}</p>`,
    '<p>What is deleted:</p>',
    `<ul>${ERASURE_DELETED.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>`,
    '<p>What is kept, for how long and why:</p>',
    `<ul>${ERASURE_KEPT.map((k) => `<li>${esc(k.what)}: ${esc(k.howLong)}. ${esc(k.why)}</li>`).join('')}</ul>`,
    '<p>Things in progress:</p>',
    `<ul>${ERASURE_PENDING.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`,
    `<p>${esc(ERASURE_PROOFS)} We email you when it is done. Afterwards your email address may join again as a new member.</p>`,
  ].join('');
}

/** `POST /api/delete-account`: the password re-entered is the confirmation. */
export const deleteAccountSchema = z.object({ password: text().min(1, 'Enter your password to confirm.').max(200) }).strict();
export const deleteAccountAnswerSchema = z.object({ deleted: z.literal(true), message: z.string() }).strict();

export const WRONG_PASSWORD_TO_DELETE = 'That password is not right. Enter the password you sign in with to delete your account.';
/** An erased account is closed for good: every command on it is refused with this. */
export const ACCOUNT_DELETED = 'This account has been deleted.';
export const ACCOUNT_ALREADY_DELETED = 'This account has already been deleted.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. We have emailed you to confirm it.';

/** `POST /api/admin/members/:id/erase`: the member's written request, by its reference and reason. */
export const staffEraseSchema = z
  .object({
    reason: text().trim().min(3, "Give the member's written request: its reference and reason (at least 3 characters)").max(500),
  })
  .strict();
export const staffEraseAnswerSchema = z.object({ id: z.string(), erased: z.literal(true) }).strict();
