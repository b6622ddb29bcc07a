import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';

const testimonialsSchema = z.object({
  data: z.array(z.object({ id: z.union([z.number(), z.string()]), quote: z.string(), name: z.string(), image: z.string(), illustrative: z.boolean().default(false) })),
});
export type Testimonial = z.infer<typeof testimonialsSchema>['data'][number];

/** `GET /items/testimonials` (published; spec: quote, name, image), as staff edit them. */
export async function fetchTestimonials(): Promise<ApiResult<Testimonial[]>> {
  const result = await apiRequest('/items/testimonials', { schema: testimonialsSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
