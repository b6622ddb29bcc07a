/**
 * Member authentication: credentials (scrypt, auth.member_credentials), HS256 access tokens for
 * the 'roar-member' audience, rotating refresh tokens with family revocation, reset tokens, the
 * `requireMember` guard and the sign-in/password routes. No secret ever enters the event log.
 */
import './member-docs';

export * from './member-credentials';
export * from './member-tokens';
export * from './member-reset';
export { recordFact, recordSignUpCompleted } from './facts';
export * from './member-routes';
