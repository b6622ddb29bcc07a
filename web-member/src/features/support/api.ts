import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { tokens } from '../../lib/tokens';
import { dataOf } from '../../types/api';
import { supportRequestAnswerSchema, SUPPORT_TOPIC_LABELS, type SupportRequestAnswer, type SupportTopic } from '@roar/contracts/support';

export const faqSchema = z.object({ id: z.union([z.number(), z.string()]), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

/** `GET /items/faqs`, published. */
export async function fetchFaqs(): Promise<ApiResult<Faq[]>> {
  const r = await apiRequest('/items/faqs', {
    schema: dataOf(z.array(faqSchema)),
    query: { 'filter[status][_eq]': 'published', sort: 'sort' },
    serverMessage: true,
  });
  return r.ok ? { ok: true, data: r.data.data } : r;
}

/** The contact form's topics with their labels: the contract's. */
export { SUPPORT_TOPIC_LABELS as SUPPORT_TOPICS, type SupportTopic };

export interface SupportRequest {
  readonly name: string;
  readonly email: string;
  readonly topic: SupportTopic;
  readonly message: string;
  readonly recaptcha_token: string;
}

/** `POST /api/support-requests`; a signed-in member's token ties the request to them. */
export async function sendSupportRequest(body: SupportRequest, signedIn: boolean): Promise<ApiResult<SupportRequestAnswer['data']>> {
  const token = signedIn ? await tokens.accessToken() : null;
  const r = await apiRequest('/api/support-requests', { method: 'POST', body, token, schema: supportRequestAnswerSchema, serverMessage: true });
  return r.ok ? { ok: true, data: r.data.data } : r;
}
