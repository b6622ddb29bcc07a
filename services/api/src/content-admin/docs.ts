import { z } from 'zod';
import * as content from '@roar/contracts/content';
import { documentRoute } from '../http/openapi';
import {
  faqFieldsSchema,
  homeBlocksFieldsSchema,
  pageFieldsSchema,
  pagePathSchema,
  testimonialFieldsSchema,
  winnersPageFieldsSchema,
} from './collections';

const collections = [
  ['content-pages', pageFieldsSchema, content.pageRecordSchema, content.pageVersionsSchema],
  ['content-faqs', faqFieldsSchema, content.faqRecordSchema, content.faqVersionsSchema],
  ['content-testimonials', testimonialFieldsSchema, content.testimonialRecordSchema, content.testimonialVersionsSchema],
  ['content-winners-page', winnersPageFieldsSchema, content.winnersPageRecordSchema, content.winnersPageVersionsSchema],
  ['content-home-blocks', homeBlocksFieldsSchema, content.homeBlocksRecordSchema, content.homeBlocksVersionsSchema],
] as const;
for (const [resource, fields, record, versions] of collections) {
  const body = z.intersection(fields, content.contentReasonBodySchema);
  documentRoute({
    method: 'get',
    path: `/api/admin/${resource}`,
    tag: 'staff',
    auth: 'staff',
    summary: `Editable ${resource.slice(8)} (every status)`,
    response: z.array(record),
    errors: [401, 403],
  });
  documentRoute({
    method: 'get',
    path: `/api/admin/${resource}/:id`,
    tag: 'staff',
    auth: 'staff',
    summary: 'One item with every saved version (who, when, why)',
    response: versions,
    errors: [401, 403, 404],
  });
  documentRoute({
    method: 'put',
    path: `/api/admin/${resource}/:id`,
    tag: 'staff',
    auth: 'staff',
    summary: 'Save a new version (HTML sanitised on the server)',
    body,
    response: versions,
    errors: [400, 401, 403, 404],
  });
  documentRoute({
    method: 'post',
    path: `/api/admin/${resource}/:id/restore`,
    tag: 'staff',
    auth: 'staff',
    summary: 'Restore an older version as a new version',
    body: content.contentRestoreBodySchema,
    response: versions,
    errors: [400, 401, 403, 404],
  });
  if (resource !== 'content-winners-page' && resource !== 'content-home-blocks') {
    documentRoute({
      method: 'post',
      path: `/api/admin/${resource}`,
      tag: 'staff',
      auth: 'staff',
      summary: 'Create an item',
      body: resource === 'content-pages' ? z.intersection(body, z.object({ path: pagePathSchema })) : body,
      response: record,
      status: 201,
      errors: [400, 401, 403, 409],
    });
  }
}
documentRoute({
  method: 'post',
  path: '/api/admin/content-preview',
  tag: 'staff',
  auth: 'staff',
  summary: 'The sanitised HTML members would receive',
  body: content.contentPreviewBodySchema,
  response: content.contentPreviewAnswerSchema,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/items/testimonials',
  tag: 'content',
  summary: 'Published testimonials (quote, name, image, illustrative)',
  response: content.testimonialsAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/items/home_blocks',
  tag: 'content',
  summary: 'Home how-it-works cards and feature blurbs',
  response: content.homeBlocksAnswerSchema,
});
