import { drawSettingsAnswerSchema, updateDrawSettingsBodySchema } from '@roar/contracts/draw-settings';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/admin/draw-settings',
  tag: 'staff',
  auth: 'staff',
  summary: "The club's draw settings: promoter name, ABN, address, claim and publication days, draw place, disputes, free accounts for minors",
  response: drawSettingsAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'put',
  path: '/api/admin/draw-settings',
  tag: 'staff',
  auth: 'staff',
  summary: "Change the club's draw settings (admin) with a reason; the ABN must pass the 11-digit checksum",
  body: updateDrawSettingsBodySchema,
  response: drawSettingsAnswerSchema,
  errors: [400, 401, 403],
});
