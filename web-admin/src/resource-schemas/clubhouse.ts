import { cashbackPayoutSchema, staffClaimDetailSchema, staffClaimSchema } from '@roar/contracts/cashback';
import {
  staffCourseDetailSchema,
  staffCourseSchema,
  staffHandicapRowSchema,
  staffHandicapSchema,
  staffScorecardDetailSchema,
  staffScorecardRowSchema,
} from '@roar/contracts/clubhouse';
import { redemptionSchema, staffOfferDetailSchema, staffOfferRowSchema, staffPartnerDetailSchema, staffPartnerSchema } from '@roar/contracts/rewards';
import type { ResourceSchemas } from './types';

/** The clubhouse group's staff resources: row and record schemas from @roar/contracts. */
export const clubhouseSchemas: ResourceSchemas = {
  handicaps: { row: staffHandicapRowSchema, record: staffHandicapSchema },
  courses: { row: staffCourseSchema, record: staffCourseDetailSchema },
  scorecards: { row: staffScorecardRowSchema, record: staffScorecardDetailSchema },
  'cashback-claims': { row: staffClaimSchema, record: staffClaimDetailSchema },
  'cashback-payouts': { row: cashbackPayoutSchema },
  partners: { row: staffPartnerSchema, record: staffPartnerDetailSchema },
  offers: { row: staffOfferRowSchema, record: staffOfferDetailSchema },
  'reward-redemptions': { row: redemptionSchema },
};
