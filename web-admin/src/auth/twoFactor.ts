import type { z } from 'zod';
import {
  staffSecondStepSchema as secondStepSchema,
  twoFactorConfirmedSchema as confirmedSchema,
  twoFactorEnrolmentSchema as enrolmentSchema,
  type StaffSecondStep as SecondStep,
  type TwoFactorConfirmed as Confirmed,
  type TwoFactorEnrolment as Enrolment,
} from '@roar/contracts/auth';
import { firstErrorMessage } from '../httpErrors';
import { session } from './session';

/** What the password step answers when a second factor comes next (or enrolment, for a role that requires it): the contract's. */
export { confirmedSchema, enrolmentSchema, secondStepSchema, type Confirmed, type Enrolment, type SecondStep };

/** Thrown by authProvider.login when the password was right and the second step must follow. */
export class SecondStepRequired extends Error {
  constructor(readonly step: SecondStep) {
    super('Two-factor sign-in');
  }
}

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
