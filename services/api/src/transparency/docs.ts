import {
  consistencyAnswerSchema,
  consistencyQuerySchema,
  inclusionAnswerSchema,
  inclusionQuerySchema,
  publicKeyAnswerSchema,
  treeHeadsAnswerSchema,
  treeHeadsQuerySchema,
} from '@roar/contracts/transparency';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/transparency/tree-heads',
  tag: 'transparency',
  summary: 'Signed tree heads of the sealed event log, newest first (paged with `before`)',
  query: treeHeadsQuerySchema,
  response: treeHeadsAnswerSchema,
  errors: [400],
});
documentRoute({
  method: 'get',
  path: '/api/transparency/public-key',
  tag: 'transparency',
  summary: "The club's Ed25519 public key that signs the tree heads, and how an event becomes a leaf",
  response: publicKeyAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/transparency/inclusion',
  tag: 'transparency',
  summary: 'Inclusion proof (RFC 9162 2.1.3) of the event at `position` in the tree of `tree_size`',
  query: inclusionQuerySchema,
  response: inclusionAnswerSchema,
  errors: [400, 404],
});
documentRoute({
  method: 'get',
  path: '/api/transparency/consistency',
  tag: 'transparency',
  summary: 'Consistency proof (RFC 9162 2.1.4) between the trees of `first` and `second` leaves',
  query: consistencyQuerySchema,
  response: consistencyAnswerSchema,
  errors: [400, 404],
});
