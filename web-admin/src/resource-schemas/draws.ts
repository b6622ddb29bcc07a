import {
  faqRecordSchema,
  faqVersionsSchema,
  homeBlocksRecordSchema,
  homeBlocksVersionsSchema,
  pageRecordSchema,
  pageVersionsSchema,
  testimonialRecordSchema,
  testimonialVersionsSchema,
  winnersPageRecordSchema,
  winnersPageVersionsSchema,
} from '@roar/contracts/content';
import { adminPrizeSchema } from '@roar/contracts/draws';
import { adminReferralRecordSchema, adminReferralSchema } from '@roar/contracts/referrals';
import { adminTeamRecordSchema, adminTeamSchema } from '@roar/contracts/teams';
import type { ResourceSchemas } from './types';

/** The draws group's staff resources: row and record schemas from @roar/contracts. */
export const drawsSchemas: ResourceSchemas = {
  prizes: { row: adminPrizeSchema },
  referrals: { row: adminReferralSchema, record: adminReferralRecordSchema },
  teams: { row: adminTeamSchema, record: adminTeamRecordSchema },
  'content-pages': { row: pageRecordSchema, record: pageVersionsSchema },
  'content-faqs': { row: faqRecordSchema, record: faqVersionsSchema },
  'content-testimonials': { row: testimonialRecordSchema, record: testimonialVersionsSchema },
  'content-winners-page': { row: winnersPageRecordSchema, record: winnersPageVersionsSchema },
  'content-home-blocks': { row: homeBlocksRecordSchema, record: homeBlocksVersionsSchema },
};
