import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

export const handicapRecordSchema = z.object({
  id: z.string(),
  date_created: z.string(),
  date_updated: z.string(),
  type: z.enum(['create', 'transfer']),
  status: z.enum(['draft', 'submitted', 'approved', 'rejected']),
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
  computed_index: z.number().nullable().default(null),
  reject_reason: z.string().nullable().default(null),
});
export type HandicapRecord = z.infer<typeof handicapRecordSchema>;

export const revisionSchema = z.object({
  revision: z.number(),
  revised_at: z.string(),
  cause: z.object({ kind: z.enum(['attested', 'corrected', 'voided', 'pcc']), scorecardId: z.string() }),
  previous_index: z.number().nullable(),
  handicap_index: z.number().nullable(),
  low_handicap_index: z.number().nullable(),
  cap: z.enum(['none', 'soft', 'hard']),
  table_adjustment: z.number(),
  exceptional_reduction: z.number(),
  rule_version: z.string(),
  counted: z.number(),
  used: z.array(z.string()),
});
export type Revision = z.infer<typeof revisionSchema>;

export const scorecardSchema = z.object({
  id: z.string(),
  course_name: z.string(),
  tee_name: z.string(),
  holes: z.number(),
  pars: z.array(z.number()),
  played_on: z.string(),
  gross_scores: z.array(z.number()),
  gross: z.number(),
  status: z.enum(['submitted', 'attested', 'voided']),
  marker: z.object({ memberId: z.string().nullable(), email: z.string(), name: z.string() }),
  attest_by: z.string(),
  overdue: z.boolean(),
  pcc: z.number(),
  adjusted_gross_score: z.number().nullable(),
  differential: z.number().nullable(),
  adjusted_differential: z.number().nullable(),
  exceptional_reduction: z.number(),
  used: z.boolean(),
  paired_with: z.string().nullable().default(null),
  waiting_for_nine: z.boolean().default(false),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const clubhouseSchema = z.object({
  eligible: z.boolean(),
  next_step: z.enum(['upgrade', 'request', 'complete-draft', 'wait-for-review', 'resubmit', 'submit-scores']),
  handicap: handicapRecordSchema.nullable(),
  official: z.object({ golf_link_number: z.string(), handicap: z.number() }).nullable(),
  computed: revisionSchema.nullable(),
  history: z.array(revisionSchema),
  scorecards: z.array(scorecardSchema),
  to_attest: z.array(z.object({ id: z.string(), course_name: z.string(), tee_name: z.string(), played_on: z.string(), gross: z.number(), attest_by: z.string() })),
});
export type Clubhouse = z.infer<typeof clubhouseSchema>;

export const teeSchema = z.object({
  teeId: z.string(),
  name: z.string(),
  holes: z.number(),
  courseRating: z.number(),
  slopeRating: z.number(),
  pars: z.array(z.number()),
  strokeIndexes: z.array(z.number()),
  course_handicap: z.number().nullable(),
  net_double_bogey: z.array(z.number()),
});
export type Tee = z.infer<typeof teeSchema>;
export const courseSchema = z.object({ id: z.string(), name: z.string(), location: z.string(), sample_data: z.boolean(), tees: z.array(teeSchema) });
export type Course = z.infer<typeof courseSchema>;

const wrapped = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

export async function fetchClubhouse(): Promise<ApiResult<Clubhouse>> {
  const r = await memberRequest('/api/clubhouse', { schema: wrapped(clubhouseSchema), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function fetchCourses(): Promise<ApiResult<Course[]>> {
  const r = await memberRequest('/api/clubhouse/courses', { schema: wrapped(z.array(courseSchema)), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export interface RequestBody {
  first_name: string;
  last_name: string;
  mobile: string;
  dob: string;
  address: string;
  since: string | null;
  previous_golf_club: string | null;
  previous_golf_link_number: string | null;
  draft?: boolean;
}

export async function sendRequest(kind: 'request' | 'transfer', body: RequestBody): Promise<ApiResult<Clubhouse>> {
  const r = await memberRequest(`/api/clubhouse/${kind}`, { method: 'POST', body, schema: wrapped(clubhouseSchema), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function submitScorecard(body: { course_id: string; tee_id: string; played_on: string; gross_scores: number[]; marker_email: string; marker_name?: string }): Promise<ApiResult<string>> {
  const r = await memberRequest('/api/clubhouse/scorecards', { method: 'POST', body, schema: wrapped(z.object({ id: z.string() }).loose()), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data.id } : r;
}

export async function attestAsMember(id: string): Promise<ApiResult<Clubhouse>> {
  const r = await memberRequest(`/api/clubhouse/scorecards/${encodeURIComponent(id)}/attest`, { method: 'POST', body: {}, schema: wrapped(clubhouseSchema), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

const attestCardSchema = z.object({ id: z.string(), player: z.string(), course_name: z.string(), tee_name: z.string(), played_on: z.string(), gross: z.number(), status: z.string(), marker_email: z.string() });
export type AttestCard = z.infer<typeof attestCardSchema>;

export async function fetchAttestCard(id: string, token: string): Promise<ApiResult<AttestCard>> {
  const r = await apiRequest(`/api/clubhouse/attest/${encodeURIComponent(id)}`, { query: { token }, schema: wrapped(attestCardSchema), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function attestWithToken(id: string, token: string): Promise<ApiResult<true>> {
  const r = await apiRequest(`/api/clubhouse/attest/${encodeURIComponent(id)}`, { method: 'POST', body: { token }, schema: z.unknown(), serverMessage: true });
  return r.ok ? { ok: true, data: true } : r;
}
