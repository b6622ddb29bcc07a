import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

describe('one-off and single entries (defect 11)', () => {
  it('sends /dashboard/one-off-entries to /dashboard/single-entries: one page for what the catalogue sells as a single entry', async () => {
    const matched = matchRoutes(routes, '/dashboard/one-off-entries') ?? [];
    const leaf = matched[matched.length - 1]?.route;
    expect(leaf?.path).toBe('/dashboard/one-off-entries');
    const loader = leaf?.loader;
    expect(typeof loader).toBe('function');
    if (typeof loader !== 'function') return;
    const answer: unknown = await loader({
      request: new Request('http://localhost/dashboard/one-off-entries'),
      url: new URL('http://localhost/dashboard/one-off-entries'),
      pattern: '/dashboard/one-off-entries',
      params: {},
      context: undefined,
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('Location')).toBe('/dashboard/single-entries');
  });
  it('keeps /dashboard/single-entries as its own page', () => {
    const matched = matchRoutes(routes, '/dashboard/single-entries') ?? [];
    expect(matched[matched.length - 1]?.route.path).toBe('/dashboard/single-entries');
  });
});
