import {
  approvalSchema,
  exportLogSchema,
  failedJobSchema,
  projectionSchema,
  serviceKeyDetailSchema,
  serviceKeySchema,
  staffAccountSchema,
  staffEventSchema,
  staffMemberDetailSchema,
  staffMemberSchema,
  staffMembershipSchema,
  staffPaymentSchema,
} from '@roar/contracts/staff';
import { supportRequestDetailSchema, supportRequestRecordSchema } from '@roar/contracts/support';
import type { ResourceSchemas } from './types';

/** The members group's staff resources: row and record schemas from @roar/contracts. */
export const membersSchemas: ResourceSchemas = {
  members: { row: staffMemberSchema, record: staffMemberDetailSchema },
  memberships: { row: staffMembershipSchema },
  payments: { row: staffPaymentSchema },
  events: { row: staffEventSchema },
  'jobs-failed': { row: failedJobSchema },
  projections: { row: projectionSchema },
  'staff-users': { row: staffAccountSchema },
  approvals: { row: approvalSchema },
  'service-keys': { row: serviceKeySchema, record: serviceKeyDetailSchema },
  exports: { row: exportLogSchema },
  'support-requests': { row: supportRequestRecordSchema, record: supportRequestDetailSchema },
};
