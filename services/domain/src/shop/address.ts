import { z } from 'zod';
import { text } from '../primitives';
import { auStateSchema, type AuState } from '../member/events';

/** The states and territories of an address: the same eight the member profile names. */
export const AU_STATES = auStateSchema.options;

/** Australia Post's postcode ranges per state (delivery and PO box ranges). */
const POSTCODE_RANGES: Record<AuState, readonly (readonly [number, number])[]> = {
  NSW: [[1000, 2599], [2619, 2899], [2921, 2999]],
  ACT: [[200, 299], [2600, 2618], [2900, 2920]],
  VIC: [[3000, 3999], [8000, 8999]],
  QLD: [[4000, 4999], [9000, 9999]],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

export function postcodeMatchesState(postcode: string, state: AuState): boolean {
  if (!/^\d{4}$/.test(postcode)) return false;
  const n = Number(postcode);
  return POSTCODE_RANGES[state].some(([lo, hi]) => n >= lo && n <= hi);
}

export const POSTCODE_MESSAGE = 'Enter the 4-digit postcode of this state';

export const addressSchema = z
  .object({
    first_name: text().trim().min(1, 'Enter a first name').max(80),
    last_name: text().trim().min(1, 'Enter a last name').max(80),
    line1: text().trim().min(1, 'Enter a street address').max(120),
    line2: text().trim().max(120).default(''),
    suburb: text().trim().min(1, 'Enter a suburb').max(80),
    state: z.enum(AU_STATES, { message: 'Choose a state or territory' }),
    postcode: z.string().trim().regex(/^\d{4}$/, POSTCODE_MESSAGE),
    phone: z.string().trim().max(20).regex(/^[0-9 +()-]*$/, 'Enter a phone number').default(''),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (!postcodeMatchesState(a.postcode, a.state)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: POSTCODE_MESSAGE });
  });
export type Address = z.infer<typeof addressSchema>;
