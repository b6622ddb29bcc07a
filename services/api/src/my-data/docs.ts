import { z } from 'zod';
import { myDataPreparingSchema, myDataSchema } from '@roar/contracts/my-data';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/my-data',
  tag: 'my-data',
  summary:
    'Everything the club holds about the member (APP 12); `?format=zip` answers a zip of JSON files with CSV for payments, entries and orders, or, when the file is large, 202 with a sentence: a job prepares it and emails a link that expires. Every request is logged.',
  response: myDataSchema.or(myDataPreparingSchema),
  auth: 'member',
  errors: [400, 401],
});

documentRoute({
  method: 'get',
  path: '/api/my-data/download/:token',
  tag: 'my-data',
  summary: 'The emailed link to a prepared data zip: the zip while the link is valid (each download logged), 410 once it has expired.',
  response: z.string().describe('the zip (binary) of JSON and CSV files'),
  responseType: 'application/octet-stream',
  errors: [404, 410],
});
