import express, { Router } from 'express';
import type { AppContext } from '../context';
import { createStaffAuthRouter } from '../auth/staff-routes';
import { createStaffAccountRouter } from '../auth/staff-account-routes';
import type { SignInThrottlePolicy } from '../auth/sign-in-throttle';
import './docs';
import { dashboardRouter } from './dashboard';
import { launchChecklistRouter } from './launch-checklist';
import { entryAdjustmentsRouter } from '../members/admin/entry-adjustments';
import { exportsRouter } from '../exports';
import { eventsRouter } from './events';
import { jobsRouter } from './jobs';
import { membersRouter } from '../members/admin/members';
import { memberSupportRouter } from '../members/admin/member-support';
import { memberResendRouter } from '../members/admin/member-resend';
import { memberEmailRouter } from '../members/admin/member-email';
import { memberResidenceRouter } from '../members/admin/member-residence';
import { winnerLookupRouter } from '../draws/winner-lookup';
import { membershipsRouter } from '../members/admin/memberships';
import { paymentsRouter } from '../payments/admin';
import { adminMemberControlsRouter } from '../member-controls/admin';
import { projectionAdminOf, type ProjectionAdminPort } from './projection-admin';
import { projectionsRouter } from './projections';
import { approvalsRouter, staffSecurityRouter } from '../approvals';
import { staffUsersRouter } from './staff-users';

export interface AdminRouterOptions {
  /** Sign-in attempts allowed per email and client address in a window (tests lower it). */
  readonly loginLimits?: SignInThrottlePolicy;
  /** The projection daemon's admin side; defaults to `app.projections` when it offers it. */
  readonly projections?: ProjectionAdminPort;
}

/**
 * The staff API, mounted at `/api/admin`: sign-in (`/auth/*`) and the resources the console
 * reads in ra-data-simple-rest conventions. Every resource route checks the staff token; edits
 * are commands carrying the staff actor and a reason, never row updates.
 */
export function createAdminRouter(app: AppContext, options: AdminRouterOptions = {}): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));
  router.use(createStaffAuthRouter(app, options.loginLimits));
  router.use(createStaffAccountRouter(app));
  router.use('/dashboard', dashboardRouter(app));
  router.use('/launch-checklist', launchChecklistRouter(app));
  router.use('/prizes', winnerLookupRouter(app));
  router.use('/memberships', membershipsRouter(app));
  router.use('/events', eventsRouter(app));
  router.use('/members', memberSupportRouter(app));
  router.use('/members', memberResendRouter(app));
  router.use('/members', memberEmailRouter(app));
  router.use('/members', memberResidenceRouter(app));
  router.use('/members', membersRouter(app));
  router.use('/entry-adjustments', entryAdjustmentsRouter(app));
  router.use('/payments', paymentsRouter(app));
  router.use(adminMemberControlsRouter(app));
  router.use('/exports', exportsRouter(app));
  router.use('/approvals', approvalsRouter(app));
  router.use('/staff-security', staffSecurityRouter(app));
  router.use('/staff-users', staffUsersRouter(app));
  if (app.jobs) router.use('/jobs-failed', jobsRouter(app, app.jobs));
  const projections = projectionAdminOf(options.projections, app.projections);
  if (projections) router.use('/projections', projectionsRouter(app, projections));
  return router;
}

export { toAdminMembership, type AdminMembership } from '../members/admin/memberships';
export { toAdminEvent } from './events';
export { registerWaitingCounter, type WaitingCounter } from './dashboard';
export { toAdminProjection, toAdminVerification } from './projections';
export type { ProjectionAdminPort } from './projection-admin';
