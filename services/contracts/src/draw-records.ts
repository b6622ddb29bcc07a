import { z } from 'zod';
import { adminEventSchema } from './draws';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `GET /api/admin/prizes/:id/records`: how long the draw's records are kept, the exports taken, and the draw's whole history. */
export const drawRecordsSchema = z
  .object({
    prize_id: z.string(),
    /** The club day before which nothing in the records may be deleted (recordsRetentionYears after the latest record). */
    retained_until: day,
    retention_years: z.number().int().min(0),
    exports: z.array(z.object({ taken_at: z.string(), taken_by: z.string(), sha256: z.string(), files: z.array(z.string()) }).strict()),
    events: z.array(adminEventSchema),
  })
  .strict();
export type DrawRecords = z.infer<typeof drawRecordsSchema>;

export const complianceCalendarKindSchema = z.enum([
  'permit_expiring',
  'permit_needed',
  'lead_time',
  'claim_period_ending',
  'redraw_due',
  'publication_due',
]);
export type ComplianceCalendarKind = z.infer<typeof complianceCalendarKindSchema>;

/** One dated item of the compliance calendar; `link` is a staff console path (`/prizes/<id>/show`, `/permits/<id>/show`). */
export const complianceCalendarItemSchema = z
  .object({
    kind: complianceCalendarKindSchema,
    /** The club day the item falls due (a permit's end, a claim period's end, a redraw or publication date, the last day to apply). */
    date: day,
    /** Days from today's club day to `date` (negative: overdue). */
    days_left: z.number().int(),
    title: z.string(),
    detail: z.string(),
    state: z.string().nullable(),
    link: z.string(),
  })
  .strict();
export type ComplianceCalendarItem = z.infer<typeof complianceCalendarItemSchema>;

/** `GET /api/admin/compliance-calendar`: the dated items in date order, today's club day and the horizon looked at. */
export const complianceCalendarSchema = z
  .object({ today: day, horizon_days: z.number().int().positive(), items: z.array(complianceCalendarItemSchema) })
  .strict();
export type ComplianceCalendar = z.infer<typeof complianceCalendarSchema>;
