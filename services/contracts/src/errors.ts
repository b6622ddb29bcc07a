/**
 * The spec's error strings, word for word (product-spec.md). The api answers with them and the
 * consoles compare against them; neither side types them again.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again';

/** The member's password change or reset failed (spec section 8); a refused password's reason follows it. */
export const COULD_NOT_UPDATE_PASSWORD = 'Could not update your password';
/** `PATCH /api/update-user` failed. */
export const PROFILE_UPDATE_ERROR = 'Error updating your profile';
/** `/api/upgrade-plan`, `/api/single-entry` failed. */
export const UPGRADE_ERROR = 'Error upgrading membership';
/** `GET /api/user-tickets` failed. */
export const ENTRIES_ERROR = 'Error getting entries.';
/** The spec's words when the draws, or the card on file, cannot be read. */
export const DRAWS_ERROR = 'Error getting draws.';
// Draws group (prizes, referrals, teams).
export const NO_GIVEAWAY = 'There is no upcoming giveaway yet.';
export const INVALID_REFERRAL_CODE = 'Invalid referral code.';
export const INVITE_NOT_FOUND = 'This invite does not exist.';
/** Issue 22: a claim (or decline) after the claim period; the prize decider refuses with the same words. */
export const CLAIM_PERIOD_ENDED = "This prize's claim period has ended.";
