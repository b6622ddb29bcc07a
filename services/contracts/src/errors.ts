/**
 * The spec's error strings, word for word (product-spec.md). The api answers with them and the
 * consoles compare against them; neither side types them again.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again';

// Draws group (prizes, referrals, teams).
export const DRAWS_ERROR = 'Error getting draws.';
export const NO_GIVEAWAY = 'There is no upcoming giveaway yet.';
export const INVALID_REFERRAL_CODE = 'Invalid referral code.';
export const INVITE_NOT_FOUND = 'This invite does not exist.';
