import { myDataSchema } from '@roar/contracts/my-data';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/my-data',
  tag: 'my-data',
  summary:
    'Everything the club holds about the member (APP 12); `?format=zip` answers a zip of JSON files with CSV for payments, entries and orders. Every request is logged.',
  response: myDataSchema,
  auth: 'member',
  errors: [400, 401],
});
