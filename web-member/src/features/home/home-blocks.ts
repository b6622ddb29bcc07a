import { homeBlocksAnswerSchema, type HomeBlocks } from '@roar/contracts/content';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { useLoad } from '../../lib/use-load';
import { FEATURES, HOW_IT_WORKS } from './content';

async function fetchHomeBlocks(): Promise<ApiResult<HomeBlocks | null>> {
  const result = await apiRequest('/items/home_blocks', { schema: homeBlocksAnswerSchema });
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
