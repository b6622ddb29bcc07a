import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { useLoad } from '../../lib/use-load';
import { FEATURES, HOW_IT_WORKS } from './content';

const blocksSchema = z.object({
  data: z
    .object({
      how_it_works: z.array(z.object({ title: z.string(), subtitle: z.string(), copy: z.string() })),
      features: z.array(z.object({ title: z.string(), copy: z.string() })),
    })
    .nullable(),
});
type Blocks = NonNullable<z.infer<typeof blocksSchema>['data']>;

async function fetchHomeBlocks(): Promise<ApiResult<Blocks | null>> {
  const result = await apiRequest('/items/home_blocks', { schema: blocksSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** The home blocks staff edit (`/items/home_blocks`); the launch copy while loading or if the call fails. */
export function useHomeBlocks() {
  const [state] = useLoad(fetchHomeBlocks, 'home-blocks');
  const edited = state.status === 'loaded' ? state.data : null;
  return {
    howItWorks: edited?.how_it_works ?? HOW_IT_WORKS,
    // Icons and colours stay with the design; staff edit the words.
    features: FEATURES.map((f, i) => ({ ...f, ...(edited?.features[i] ?? {}) })),
  };
}
