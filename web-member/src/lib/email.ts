import { EMAIL_PATTERN, INVALID_EMAIL } from '@roar/contracts/members';

/**
 * The spec's email pattern (section 5), the contract's: the API checks the same pattern; the
 * console checks first so a typo never costs a request.
 */
export { EMAIL_PATTERN, INVALID_EMAIL };

export const isValidEmail = (value: string): boolean => value.trim() !== '' && EMAIL_PATTERN.test(value.trim());
