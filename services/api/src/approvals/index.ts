import './docs';
export { approvalsRouter } from './routes';
export { staffSecurityRouter, staffTwoFactorStatus, type StaffTwoFactorStatus } from './security-settings';
export { registerGuardedAction, type GuardedAction } from './actions';
export { heldForApproval } from './request';
