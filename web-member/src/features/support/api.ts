import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { tokens } from '../../lib/tokens';
import { dataOf } from '../../types/api';

export const faqSchema = z.object({ id: z.union([z.number(), z.string()]), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

/** `GET /items/faqs`, published. */
export async function fetchFaqs(): Promise<ApiResult<Faq[]>> {
  const r = await apiRequest('/items/faqs', { schema: dataOf(z.array(faqSchema)), query: { 'filter[status][_eq]': 'published', sort: 'sort' }, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

export const SUPPORT_TOPICS = [
  { id: 'membership', label: 'Membership and billing' },
  { id: 'payments', label: 'Payments and refunds' },
  { id: 'draws', label: 'Draws and entries' },
  { id: 'shop', label: 'ROAR Store orders' },
  { id: 'handicap', label: 'Handicap and scorecards' },
  { id: 'cashback', label: 'Cashback and rewards' },
  { id: 'other', label: 'Something else' },
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number]['id'];

export interface SupportRequest {
  readonly name: string;
  readonly email: string;
  readonly topic: SupportTopic;
  readonly message: string;
  readonly recaptcha_token: string;
}

/** `POST /api/support-requests`; a signed-in member's token ties the request to them. */
export async function sendSupportRequest(body: SupportRequest, signedIn: boolean): Promise<ApiResult<{ id: string }>> {
  const token = signedIn ? await tokens.accessToken() : null;
  const r = await apiRequest('/api/support-requests', { method: 'POST', body, token, schema: dataOf(z.object({ id: z.string() })), serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}
