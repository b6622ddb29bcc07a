import { z } from 'zod';
import { firstErrorMessage } from '../httpErrors';
import { session, staffUserSchema } from './session';

/** What the password step answers when a second factor comes next (or enrolment, for a role that requires it). */
export const secondStepSchema = z.object({ two_factor: z.enum(['verify', 'enrol']), challenge: z.string().min(1), user: staffUserSchema });
export type SecondStep = z.infer<typeof secondStepSchema>;

/** Thrown by authProvider.login when the password was right and the second step must follow. */
export class SecondStepRequired extends Error {
  constructor(readonly step: SecondStep) {
    super('Two-factor sign-in');
  }
}

export const enrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string().startsWith('data:image/') });
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const confirmedSchema = z.object({ token: z.string().optional(), user: staffUserSchema, recovery_codes: z.array(z.string()) });
export type Confirmed = z.infer<typeof confirmedSchema>;

async function post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const token = session.token();
  const response = await fetch(`/api/admin${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(firstErrorMessage(json) ?? 'That did not work. Try again.');
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error('That did not work. Try again.');
  return parsed.data;
}

/** A new secret with its QR code, for the challenge of a sign-in that must enrol first. */
export function startEnrolment(challenge: string): Promise<Enrolment> {
  return post('/auth/two-factor/enrol', { challenge }, enrolmentSchema);
}

/** The first code from the app confirms the enrolment: the session and ten recovery codes, shown once. */
export function confirmEnrolment(challenge: string, code: string): Promise<Confirmed> {
  return post('/auth/two-factor/confirm', { challenge, code }, confirmedSchema);
}
