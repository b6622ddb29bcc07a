export { referralsProjector, referralRowSchema, type ReferralRow } from './projector';
export { getReferral, listReferralsBy, searchReferrals, REFERRAL_SORT_FIELDS, type ReferralView, type SearchReferralsOptions } from './queries';
