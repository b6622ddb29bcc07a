import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../http/openapi';
import './docs';

describe('clubhouse OpenAPI', () => {
  it('documents every clubhouse route from its zod schemas', () => {
    const doc = buildOpenApi('test') as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.includes('clubhouse') || /admin\/(handicaps|courses|scorecards)/.test(p))
        .sort(),
    ).toEqual([
      '/api/admin/courses',
      '/api/admin/courses/{id}',
      '/api/admin/courses/{id}/pcc',
      '/api/admin/courses/{id}/tees',
      '/api/admin/handicaps',
      '/api/admin/handicaps/{id}',
      '/api/admin/handicaps/{id}/approve',
      '/api/admin/handicaps/{id}/reject',
      '/api/admin/scorecards',
      '/api/admin/scorecards/{id}',
      '/api/admin/scorecards/{id}/correct',
      '/api/admin/scorecards/{id}/void',
      '/api/clubhouse',
      '/api/clubhouse/attest/{id}',
      '/api/clubhouse/courses',
      '/api/clubhouse/request',
      '/api/clubhouse/scorecards',
      '/api/clubhouse/scorecards/{id}/attest',
      '/api/clubhouse/transfer',
    ]);
    expect(doc.paths['/api/clubhouse/request']?.post?.requestBody).toBeTruthy();
  });
});
