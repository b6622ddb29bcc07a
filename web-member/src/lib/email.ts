/**
 * The spec's email pattern (section 5): local@domain with a dotted domain ending in 2+ letters,
 * or a bracketed IP; no angle brackets, spaces, commas or quotes in the local part. The API
 * checks the same pattern (services/api members/signup.ts); the console checks first so a typo
 * never costs a request.
 */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export const INVALID_EMAIL = 'Please enter a valid email';

export const isValidEmail = (value: string): boolean => value.trim() !== '' && EMAIL_PATTERN.test(value.trim());
