import { z } from 'zod';
import { reasonSchema } from './common';

/** True when `abn` is 11 digits and passes the ABR checksum (subtract 1 from the first digit, weights 10,1,3,5,...,19, sum % 89 === 0). */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = digits.split('').reduce((acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
  return sum % 89 === 0;
}

/** The club's own choices for its draws (values set by law are compliance rules, not these). */
export const drawSettingsSchema = z
  .object({
    promoterName: z.string().trim().min(2).max(200),
    abn: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, ''))
      .refine(isValidAbn, 'ABN must be 11 digits with a valid checksum'),
    address: z.string().trim().min(5).max(400),
    defaultClaimPeriodDays: z.number().int().min(1).max(365),
    publicationDays: z.number().int().min(1).max(365),
    drawPlace: z.string().trim().min(2).max(400),
    disputesText: z.string().trim().min(10).max(4000),
    allowMinorFreeAccounts: z.boolean(),
  })
  .strict();
export type DrawSettings = z.infer<typeof drawSettingsSchema>;

/** Staff body for PUT /api/admin/draw-settings. */
export const updateDrawSettingsBodySchema = drawSettingsSchema.extend({ reason: reasonSchema }).strict();
export type UpdateDrawSettingsBody = z.infer<typeof updateDrawSettingsBodySchema>;

/** The answer: the settings in force and when they last changed (null = defaults, never edited). */
export const drawSettingsAnswerSchema = drawSettingsSchema
  .extend({ abn: z.string(), updated_at: z.string().nullable(), version: z.number().int().min(0) })
  .strict();
export type DrawSettingsAnswer = z.infer<typeof drawSettingsAnswerSchema>;

/** Before any staff edit. The ABN is the placeholder the club must replace (it passes the checksum). */
export const DEFAULT_DRAW_SETTINGS: DrawSettings = {
  promoterName: 'ROAR+ Golf Club Ltd',
  abn: '51824753556',
  address: '1 Fairway Drive, Sydney NSW 2000',
  defaultClaimPeriodDays: 60,
  publicationDays: 30,
  drawPlace: 'ROAR+ Golf Club, 1 Fairway Drive, Sydney NSW 2000',
  disputesText:
    'If you have a complaint about a draw, write to the promoter at the address above within 30 days of the draw. We answer within 14 days. If you are not satisfied, you may contact the gaming regulator of your state or territory.',
  allowMinorFreeAccounts: true,
};
