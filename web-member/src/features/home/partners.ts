import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';

const partnersSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), logo: z.string(), category: z.string(), sample: z.boolean() })),
});
export type HomePartner = z.infer<typeof partnersSchema>['data'][number];

/** `GET /items/partners`: published partners for the home page's logo rows. */
export async function fetchPartners(): Promise<ApiResult<HomePartner[]>> {
  const result = await apiRequest('/items/partners', { schema: partnersSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
