import {
  attestCardAnswerSchema,
  attestedAnswerSchema,
  clubhouseAnswerSchema,
  coursesAnswerSchema,
  scorecardSubmittedAnswerSchema,
  type AttestCard,
  type Clubhouse,
  type ClubhouseCourse,
  type RequestForm,
  type ScorecardForm,
} from '@roar/contracts/clubhouse';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

export type {
  AttestCard,
  Clubhouse,
  ClubhouseCourse as Course,
  ClubhouseTee as Tee,
  HandicapRecord,
  Revision,
  Scorecard,
} from '@roar/contracts/clubhouse';

export async function fetchClubhouse(): Promise<ApiResult<Clubhouse>> {
  const r = await memberRequest('/api/clubhouse', { schema: clubhouseAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function fetchCourses(): Promise<ApiResult<ClubhouseCourse[]>> {
  const r = await memberRequest('/api/clubhouse/courses', { schema: coursesAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

/** The request or transfer form as sent (the api's requestFormSchema parses it). */
export type RequestBody = Required<Omit<RequestForm, 'draft'>> & Pick<RequestForm, 'draft'>;

export async function sendRequest(kind: 'request' | 'transfer', body: RequestBody): Promise<ApiResult<Clubhouse>> {
  const r = await memberRequest(`/api/clubhouse/${kind}`, { method: 'POST', body, schema: clubhouseAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function submitScorecard(body: ScorecardForm): Promise<ApiResult<string>> {
  const r = await memberRequest('/api/clubhouse/scorecards', { method: 'POST', body, schema: scorecardSubmittedAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data.id } : r;
}

export async function attestAsMember(id: string): Promise<ApiResult<Clubhouse>> {
  const path = `/api/clubhouse/scorecards/${encodeURIComponent(id)}/attest`;
  const r = await memberRequest(path, { method: 'POST', body: {}, schema: clubhouseAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function fetchAttestCard(id: string, token: string): Promise<ApiResult<AttestCard>> {
  const r = await apiRequest(`/api/clubhouse/attest/${encodeURIComponent(id)}`, {
    query: { token },
    schema: attestCardAnswerSchema,
    serverMessage: true,
  });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export async function attestWithToken(id: string, token: string): Promise<ApiResult<true>> {
  const path = `/api/clubhouse/attest/${encodeURIComponent(id)}`;
  const r = await apiRequest(path, { method: 'POST', body: { token }, schema: attestedAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: true } : r;
}
