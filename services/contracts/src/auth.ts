import { z } from 'zod';

/**
 * Member and staff sign-in on the wire: the member session of spec section 7 (`/auth/*`), the
 * password answers, the staff token and its second step (two-factor), and the password rules both
 * consoles check as the person types (the api decides; the rules are written once, here).
 */

// ---- password rules (issue 19; NIST SP 800-63B 5.1.1) ----
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
/** zxcvbn's score a password must reach (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
export const PASSWORD_PERSONAL = 'Do not build your password from your name or email address.';
export const PASSWORD_EASY_TO_GUESS = 'This password is easy to guess.';
export const PASSWORD_ADD_WORDS = 'Add a few more words that are not common.';

/** Who the password is for: parts of it must not come from these. */
export interface PasswordOwner {
  readonly email?: string | null;
  readonly names?: readonly (string | null | undefined)[];
}

/** Letters and digits only, case-folded: how a password and a person's words are compared. */
export const compactWords = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The pieces of an email and names worth refusing: the local part, its words, each name (3+ letters). */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const local = owner.email?.split('@')[0] ?? '';
  for (const part of [local, ...local.split(/[^\p{L}\p{N}]+|\d+/u), ...(owner.names ?? [])]) {
    const word = compactWords(part ?? '');
    if (word.length >= 3) words.add(word);
  }
  return [...words];
}

// ---- member auth (spec section 7) ----
export const memberLoginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(200) });
export const memberRefreshSchema = z.object({ refresh_token: z.string().min(1).max(200), mode: z.literal('json').optional() });
export const memberLogoutSchema = z.object({ refresh_token: z.string().min(1).max(200) });
export const resetPasswordSchema = z.object({ email: z.email().max(320) });
export const changePasswordSchema = z.object({ token: z.string().min(1).max(200), password: z.string().max(200) });
export const updatePasswordSchema = z.object({ password: z.string().max(200), current_password: z.string().max(200) });
export type MemberLogin = z.infer<typeof memberLoginSchema>;

/** The member's tokens: a short-lived access token and a single-use refresh token. */
export const memberSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires: z.number().int().describe('access-token lifetime in ms'),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;
/** `/auth/login`, `/auth/refresh`. */
export const memberSessionAnswerSchema = z.object({ data: memberSessionSchema });
export type MemberSessionAnswer = z.infer<typeof memberSessionAnswerSchema>;

/**
 * `/api/reset-password`, `/api/change-password`: `{error: ''}` on success; a refusal carries the
 * spec's words and, for a refused password, the reason in `details`.
 */
export const passwordAnswerSchema = z.object({ error: z.string(), details: z.string().optional() });
export type PasswordAnswer = z.infer<typeof passwordAnswerSchema>;

/**
 * An answer with nothing to read: `{}` (logout, a password changed, a tracked event). Stated as
 * exactly that: an object where no property is allowed (`additionalProperties: {not: {}}`).
 */
export const emptyAnswerSchema = z.record(z.string(), z.never()).describe('always {}: the request was done, there is nothing to read');
export type EmptyAnswer = z.infer<typeof emptyAnswerSchema>;

// ---- staff auth ----
export const staffRoleSchema = z.enum(['admin', 'staff', 'auditor']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The signed-in staff user (`/api/admin/auth/me`, and beside every staff token). */
export const staffUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role: staffRoleSchema });
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffLoginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(200) }).strict();
export const staffPasswordChangeSchema = z.object({
  current_password: z.string().max(MAX_PASSWORD_LENGTH),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/** A staff token (HS256, 8 h) and its user. */
export const staffSessionSchema = z.object({ token: z.string(), user: staffUserSchema });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** After the password, a second factor: verify a code, or enrol first when the role requires it. */
export const staffSecondStepSchema = z.object({ two_factor: z.enum(['verify', 'enrol']), challenge: z.string(), user: staffUserSchema });
export type StaffSecondStep = z.infer<typeof staffSecondStepSchema>;

/** `POST /api/admin/auth/login`: the session, or the second step to take. */
export const staffLoginAnswerSchema = z.union([staffSessionSchema, staffSecondStepSchema]);
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;

const challenge = z.string().min(10).max(2000);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Type the six digits');
/** The second step: a six-digit TOTP code or a one-time recovery code, with the sign-in's challenge. */
export const twoFactorVerifySchema = z.union([
  z.object({ challenge, code }).strict(),
  z.object({ challenge, recovery_code: z.string().trim().min(10).max(20) }).strict(),
]);
/** Start enrolling: with the enrol challenge, or signed in (no body). */
export const twoFactorEnrolSchema = z.object({ challenge: challenge.optional() }).strict();
export const twoFactorConfirmSchema = z.object({ challenge: challenge.optional(), code }).strict();

export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr: z.string().startsWith('data:image/').describe('a QR code as a data: URL'),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
/** Ten recovery codes (shown once) and, after the enrol challenge, the staff token. */
export const twoFactorConfirmedSchema = z.object({ token: z.string().optional(), user: staffUserSchema, recovery_codes: z.array(z.string()) });
export type TwoFactorConfirmed = z.infer<typeof twoFactorConfirmedSchema>;
export const twoFactorStatusSchema = z.object({ enrolled: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
