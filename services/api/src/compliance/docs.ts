import { z } from 'zod';
import {
  complianceRulesAnswerSchema,
  createPermitBodySchema,
  permitSchema,
  setJurisdictionRuleBodySchema,
  setNationalRuleBodySchema,
  updatePermitBodySchema,
} from '@roar/contracts/compliance';
import { listQuerySchema } from '@roar/contracts/http';
import { complianceCalendarSchema } from '@roar/contracts/draw-records';
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
documentRoute({
  method: 'get',
  path: '/api/admin/permits',
  tag: 'staff',
  auth: 'staff',
  summary: 'The permits register (NSW authorities, SA licences, ACT/NT permits); filter by id or jurisdiction',
  query: listQuerySchema,
  response: z.array(permitSchema),
  errors: [400, 401],
});
documentRoute({
  method: 'get',
  path: '/api/admin/permits/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One permit of the register',
  response: permitSchema,
  errors: [401, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/permits',
  tag: 'staff',
  auth: 'staff',
  summary: 'Register a permit (admin) with a reason; a permit ending before it starts is refused',
  body: createPermitBodySchema,
  response: permitSchema,
  status: 201,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'put',
  path: '/api/admin/permits/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'Edit a permit (admin) with a reason; a permit ending before it starts is refused',
  body: updatePermitBodySchema,
  response: permitSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/admin/compliance-rules',
  tag: 'staff',
  auth: 'staff',
  summary: 'The compliance rules: every value set (with effective date and source) and the rows in force today',
  response: complianceRulesAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/admin/compliance-rules/jurisdictions',
  tag: 'staff',
  auth: 'staff',
  summary: "Set a state's permit threshold and lead time (admin) from an effective date, with its source and a reason",
  body: setJurisdictionRuleBodySchema,
  response: complianceRulesAnswerSchema,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'post',
  path: '/api/admin/compliance-rules/national',
  tag: 'staff',
  auth: 'staff',
  summary: 'Set a national rule (minimum age, redraw months, retention years, publication days) from an effective date, with its source and a reason',
  body: setNationalRuleBodySchema,
  response: complianceRulesAnswerSchema,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/compliance-calendar',
  tag: 'staff',
  auth: 'staff',
  summary:
    'The compliance calendar (staff dashboard): permits expiring within 60 days, draws needing a permit in an open state or whose lead ' +
    'time runs out, claim periods ending, redraws and publications due; each with its date and a console link',
  response: complianceCalendarSchema,
  errors: [401],
});
