import { z } from 'zod';
import { documentRoute } from '../http/openapi';
import { faqFieldsSchema, homeBlocksFieldsSchema, pageFieldsSchema, testimonialFieldsSchema, winnersPageFieldsSchema } from './collections';

const loose = z.object({}).loose();
const reason = z.object({ reason: z.string().min(3).max(500) });
const restore = z.object({ version: z.number().int().min(1), reason: z.string().min(3).max(500) });

for (const [resource, fields] of [['content-pages', pageFieldsSchema], ['content-faqs', faqFieldsSchema], ['content-testimonials', testimonialFieldsSchema], ['content-winners-page', winnersPageFieldsSchema], ['content-home-blocks', homeBlocksFieldsSchema]] as const) {
  documentRoute({ method: 'get', path: `/api/admin/${resource}`, tag: 'staff', auth: 'staff', summary: `Editable ${resource.slice(8)} (every status)`, response: z.array(loose), errors: [401, 403] });
  documentRoute({ method: 'get', path: `/api/admin/${resource}/:id`, tag: 'staff', auth: 'staff', summary: 'One item with every saved version (who, when, why)', response: loose, errors: [401, 403, 404] });
  documentRoute({ method: 'put', path: `/api/admin/${resource}/:id`, tag: 'staff', auth: 'staff', summary: 'Save a new version (HTML sanitised on the server)', body: z.intersection(fields, reason), response: loose, errors: [400, 401, 403, 404] });
  documentRoute({ method: 'post', path: `/api/admin/${resource}/:id/restore`, tag: 'staff', auth: 'staff', summary: 'Restore an older version as a new version', body: restore, response: loose, errors: [400, 401, 403, 404] });
  if (resource !== 'content-winners-page' && resource !== 'content-home-blocks') documentRoute({ method: 'post', path: `/api/admin/${resource}`, tag: 'staff', auth: 'staff', summary: 'Create an item', body: z.intersection(fields, reason), response: loose, errors: [400, 401, 403, 409] });
}
documentRoute({ method: 'post', path: '/api/admin/content-preview', tag: 'staff', auth: 'staff', summary: 'The sanitised HTML members would receive', body: z.object({ html: z.string() }), response: z.object({ html: z.string() }), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/items/testimonials', tag: 'content', summary: 'Published testimonials (quote, name, image, illustrative)', response: z.object({ data: z.array(loose) }) });
documentRoute({ method: 'get', path: '/items/home_blocks', tag: 'content', summary: 'Home how-it-works cards and feature blurbs', response: z.object({ data: loose.nullable() }) });
