import { prizeTermsRouter, reissueOpenDrawTerms } from './prizes/terms';
import type { CommandContext } from '@roar/platform';
import { createTransparencyRouter } from './transparency/routes';
import { fileURLToPath } from 'node:url';
import { testClockRouter } from './test-clock';
import express from 'express';
import { createAdminRouter } from './admin';
import { createMemberAuthRouter } from './auth/member';
import { createMembersRouter } from './members/routes';
import { createReferralsModule } from './referrals';
import { createMemberControlsModule, holdRenewalsOverLimit } from './member-controls';
import { createMyDataModule } from './my-data';
import { cancelMembership } from './members/cancel';
import { createTeamsModule } from './teams';
import { createClubhouseModule } from './clubhouse';
import { createShopModule } from './shop';
import { createRewardsModule } from './rewards';
import { createCashbackModule } from './cashback';
import { createSupportModule } from './support';
import { createContentAdminModule } from './content-admin';
import { adminServiceKeysRouter } from './service-keys/routes';
import { createInstagramRouter } from './instagram/routes';
import type { MembersPorts } from './kernel/ports';
import type { LocalPaymentProvider } from './payments';
import { createPaymentProcessManager, type PaymentProcessManager } from './payments/process-manager';
import { createPaymentsRouter } from './payments/routes';
import { membershipPaymentStep, membershipSubscriptionSteps } from './members/provider-events';
import { referralPaymentStep } from './referrals/payment-events';
import { signUpReferrals } from './referrals/sign-up';
import { teamFeePaymentStep } from './teams/payment';
import { shopOrderPaymentStep } from './shop/payment';
import { nextOpenPrize } from './prizes/next';
import { createContentRouter } from './content/routes';
import { mountPrizeContent } from './prizes/content';
import { mountRewardsContent } from './rewards';
import { prizesAdminRouter } from './draws/admin';
import { prizeClaimActionsRouter, prizeClaimsAdminRouter } from './draws/claims-admin';
import { complianceCalendarRouter, complianceRulesAdminRouter, drawSettingsAdminRouter, permitsAdminRouter } from './compliance';
import { createPrizeMemberRouter } from './draws/member';
import { createDrawProofRouter } from './draws/proofs';
import './content/docs';
import './members/docs';
import './prizes/docs';
import './draws/docs';
import type { AppContext } from './context';
import { mediaAdminRouter, mediaPublicRouter } from './media';
import { memberPlanRouter } from './members/admin/member-plan';
import { memberEraseRouter } from './members/admin/member-erase';
import { deleteAccountRouter } from './members/delete-account';
import { createHealthRouter } from './health';
import { errorHandler, notFoundHandler } from './http/errors';
import { requestLogger } from './http/logging';
import { refuseUnstorableInput, storableJson } from './http/storable';
import { buildOpenApi } from './http/openapi';
import { checkResponses, responseCheckMode } from './http/response-check';
import { applyTrustProxy } from './http/trust-proxy';
import { spaRouter } from './static';
import { prerenderHandler, sitemapRouter } from './prerender';
import { shareImageRouter } from './prizes/share-image';
import { baseSecurityHeaders, consoleSecurityHeaders, noStoreForCredentials, renderAdminIndex } from './security-headers';
import { canonicalHost } from './http/canonical-host';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface AppOptions {
  /** Serve the built member (/) and staff (/admin) consoles from this process. */
  readonly serveWeb?: boolean;
  readonly memberDist?: string;
  readonly adminDist?: string;
}

/**
 * The payment process manager with each paying feature's step registered for its checkout purpose
 * (docs/decisions/payment-process-manager.md). Steps of one purpose run in this order: the
 * membership first, then the referral bonus it earns.
 */
export function paymentProcessManager(ctx: AppContext, ports: MembersPorts): PaymentProcessManager {
  const payments = createPaymentProcessManager(ctx, ports.payments);
  payments.register(membershipPaymentStep(ctx, ports, (app, now) => nextOpenPrize(app.sql, now)));
  payments.register(referralPaymentStep(ctx));
  payments.register(teamFeePaymentStep(ctx, ports));
  payments.register(shopOrderPaymentStep(ctx, ports));
  // Issue 23: a renewal about to be charged is held when it would go past the member's monthly limit.
  payments.registerSubscriptions({ ...membershipSubscriptionSteps(ctx), upcoming: holdRenewalsOverLimit(ctx, ports) });
  return payments;
}

export function createApp(
  ctx: AppContext,
  members: MembersPorts & { local: LocalPaymentProvider | null },
  options: AppOptions = {},
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  applyTrustProxy(app, ctx.config.TRUST_PROXY);
  app.use(requestLogger(ctx.logger.child({ module: 'http' })));
  app.use(baseSecurityHeaders(ctx));
  app.use(['/api', '/auth'], noStoreForCredentials);
  app.use(refuseUnstorableInput);
  app.use(checkResponses(responseCheckMode(ctx.config), ctx.logger.child({ module: 'contracts' })));
  // The public catalogue is most of the traffic (every page view): it is matched first, before the
  // two hundred routes of the modules below (it holds no route of theirs, and answers no 404).
  app.use('/items', createContentRouter(ctx, [mountPrizeContent, mountRewardsContent]));
  // The payment webhook reads its raw body (signed bytes): it is mounted before any JSON parser.
  app.use(createPaymentsRouter(ctx, members, paymentProcessManager(ctx, members).onProviderEvent));
  app.use(createMembersRouter(ctx, members, signUpReferrals));
  app.use(storableJson({ limit: '64kb' }));
  app.use(createMemberAuthRouter(ctx));
  app.use(deleteAccountRouter(ctx, members));
  app.use(createReferralsModule(ctx, members));
  app.use(createMemberControlsModule(ctx, members, cancelMembership));
  app.use(createMyDataModule(ctx));
  app.use(createTeamsModule(ctx, members));
  app.use(createClubhouseModule(ctx));
  app.use(createShopModule(ctx, members));
  app.use(createRewardsModule(ctx));
  app.use(createCashbackModule(ctx));
  app.use(createSupportModule(ctx, members));
  app.use(createContentAdminModule(ctx));
  app.use('/api/admin', adminServiceKeysRouter(ctx));
  app.use(createInstagramRouter(ctx));

  app.use(createHealthRouter(ctx));
  app.use(createTransparencyRouter(ctx));
  app.get('/api/openapi.json', (_req, res) => {
    res.json(buildOpenApi(process.env.npm_package_version ?? '0.1.0'));
  });
  app.use(createPrizeMemberRouter(ctx));
  app.use(createDrawProofRouter(ctx));
  app.use('/api/admin/media', mediaAdminRouter(ctx));
  app.use('/api/admin/members', memberPlanRouter(ctx, members));
  app.use('/api/admin/members', memberEraseRouter(ctx, members));
  app.use('/media', mediaPublicRouter(ctx));
  if (ctx.testClock) app.use('/api/test/clock', testClockRouter(ctx.testClock));
  app.use('/api/admin/prizes', prizesAdminRouter(ctx));
  app.use('/api/admin/prizes', prizeClaimActionsRouter(ctx));
  app.use('/api/admin/prize-claims', prizeClaimsAdminRouter(ctx));
  app.use('/api/prizes', prizeTermsRouter(ctx));
  // Issue 22: a change of the draw settings or of a permit issues the open draws' terms again.
  const reissueTerms = (command: CommandContext) => reissueOpenDrawTerms(ctx, command);
  app.use('/api/admin/draw-settings', drawSettingsAdminRouter(ctx, reissueTerms));
  app.use('/api/admin/permits', permitsAdminRouter(ctx, reissueTerms));
  app.use('/api/admin/compliance-rules', complianceRulesAdminRouter(ctx));
  app.use('/api/admin/compliance-calendar', complianceCalendarRouter(ctx));
  app.use('/api/admin', createAdminRouter(ctx));
  app.use(['/api', '/items', '/auth'], notFoundHandler);

  if (options.serveWeb ?? true) {
    app.use(canonicalHost(ctx.publicUrl));
    app.use(
      '/admin',
      consoleSecurityHeaders(ctx, 'admin'),
      spaRouter(options.adminDist ?? `${root}web-admin/dist`, 'staff console', {
        renderIndex: renderAdminIndex,
        // The sign-in page, drawn at build time (issue 25): it paints before any script runs.
        prerendered: [{ path: /^\/login\/?$/, file: 'login.html' }],
      }),
    );
    const memberDist = options.memberDist ?? `${root}web-member/dist`;
    app.use(sitemapRouter(ctx));
    // The picture of a giveaway's card where its link is shared (its page's og:image and twitter:image).
    app.use(shareImageRouter(ctx, memberDist));
    app.use('/', consoleSecurityHeaders(ctx, 'member'), spaRouter(memberDist, 'member console', { renderPage: prerenderHandler(ctx, memberDist) }));
  }
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger.child({ module: 'http' })));
  return app;
}
