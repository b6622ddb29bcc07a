import { permitSchema } from '@roar/contracts/compliance';
import { prizeClaimSchema } from '@roar/contracts/prize-claims';
import type { ResourceSchemas } from './types';

/** Issue 22's staff resources: the permits register and the prize claims. */
export const complianceSchemas: ResourceSchemas = {
  permits: { row: permitSchema },
  'prize-claims': { row: prizeClaimSchema },
};
