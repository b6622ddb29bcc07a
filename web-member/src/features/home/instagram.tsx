import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { useLoad } from '../../lib/use-load';

const postsSchema = z.object({
  data: z.array(z.object({ id: z.string(), caption: z.string(), image: z.string(), permalink: z.string(), timestamp: z.string() })),
});
type Post = z.infer<typeof postsSchema>['data'][number];

async function fetchPosts(): Promise<ApiResult<Post[]>> {
  const result = await apiRequest('/api/get-instagram-posts', { schema: postsSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** Recent Instagram posts; while loading, after an error or with none, the section is simply absent. */
export function InstagramPosts() {
  const [posts] = useLoad(fetchPosts, 'instagram');
  if (posts.status !== 'loaded' || posts.data.length === 0) return null;
  return (
    <section className="section" aria-labelledby="instagram-title">
      <div className="container">
        <h2 id="instagram-title" className="section__title">
          On Instagram
        </h2>
        <ul className="instagram-grid">
          {posts.data.map((p) => (
            <li key={p.id}>
              <a href={p.permalink} target="_blank" rel="noopener noreferrer" className="instagram-post">
                <img src={p.image} alt={p.caption.slice(0, 120)} loading="lazy" width={300} height={300} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
