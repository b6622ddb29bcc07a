/**
 * Staff authentication for the admin console: accounts (scrypt hashes in auth.staff_users, never
 * in the event log), first-start bootstrap, HS256 tokens for the 'roar-staff' audience and the
 * `requireStaff` guard. Sign-in routes live in staff-routes.ts.
 */
export * from './staff-users';
export * from './staff-bootstrap';
export * from './staff-tokens';
export * from './staff-sessions';
export { createStaffAuthRouter, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from './staff-routes';
