import { testimonialsAnswerSchema, type Testimonial } from '@roar/contracts/content';
import { apiRequest, type ApiResult } from '../../lib/api-client';

export type { Testimonial };

/** `GET /items/testimonials` (published; spec: quote, name, image), as staff edit them. */
export async function fetchTestimonials(): Promise<ApiResult<Testimonial[]>> {
  const result = await apiRequest('/items/testimonials', { schema: testimonialsAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
