import { z } from 'zod';
import { instant } from './http';

export const HANDICAP_REQUEST_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
/** The spec's Handicap record (section 3): the member's latest request, with the official number and handicap. */
export const handicapRecordSchema = z.object({
  id: z.string(),
  date_created: instant,
  date_updated: instant,
  type: z.enum(['create', 'transfer']),
  status: z.enum(HANDICAP_REQUEST_STATUSES),
  user: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  dob: z.string(),
  address: z.string(),
  previous_golf_club: z.string().nullable(),
  previous_golf_link_number: z.string().nullable(),
  since: z.string().nullable(),
  golf_link_number: z.string().nullable(),
  handicap: z.number().nullable(),
  /** Not in the spec's list: our computed WHS index (an estimate), shown beside the official one. */
  computed_index: z.number().nullable(),
  reject_reason: z.string().nullable(),
});
export type HandicapRecord = z.infer<typeof handicapRecordSchema>;
