import { useState } from 'react';
import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layouts/public-layout';
import { PrivateLayout } from '../components/layouts/private-layout';
import { LandingLayout } from '../components/layouts/landing-layout';
import { SettingsLayout } from '../components/layouts/settings-layout';
import { LoadingScreen } from '../components/ui/feedback';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';

/** Page modules load on first visit (each route is its own chunk). */

/**
 * The source of a route's module, as the build's manifest names it: the server links a
 * prerendered page's chunks and stylesheets from it (the page is styled before its script runs).
 */
export interface RouteHandle {
  readonly module: string;
}
const routeModule = (name: string): RouteHandle => ({ module: `src/app/routes/${name}.tsx` });

type MemberRouteName = keyof typeof import('./routes/member');
/** Member screens share one chunk: they are opened together once signed in. */
const member = (name: MemberRouteName): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: routeModule('member'),
  lazy: async () => ({ Component: (await import('./routes/member'))[name] }),
});

type DrawsRouteName = keyof typeof import('./routes/draws');
/** Giveaway, draw and winner screens share one chunk. */
const draws = (name: DrawsRouteName): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: routeModule('draws'),
  lazy: async () => ({ Component: (await import('./routes/draws'))[name] }),
});

type ClubhouseRouteName = keyof typeof import('./routes/clubhouse');
/** Clubhouse screens (handicap, scorecards, the chart library) share one chunk. */
const clubhouse = (name: ClubhouseRouteName): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: routeModule('clubhouse'),
  lazy: async () => ({ Component: (await import('./routes/clubhouse'))[name] }),
});
type ShopRouteName = keyof typeof import('./routes/shop');
/** The pro shop and orders share one chunk. */
const shop = (name: ShopRouteName): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: routeModule('shop'),
  lazy: async () => ({ Component: (await import('./routes/shop'))[name] }),
});

const information = (path: string, title: string): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: routeModule('information'),
  lazy: async () => {
    const { InformationRoute } = await import('./routes/information');
    return { element: <InformationRoute path={path} title={title} /> };
  },
});

const INFORMATION_PAGES = [
  [paths.aboutUs.path, 'About Us'],
  [paths.howItWorks.path, 'How It Works'],
  [paths.benefits.path, 'Benefits'],
  [paths.supportCenter.path, 'Support Center'],
  [paths.contactUs.path, 'Contact Us'],
  [paths.termsAndConditions.path, 'Terms and Conditions'],
  [paths.privacyPolicy.path, 'Privacy Policy'],
] as const;

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteError />,
    children: [
      { index: true, handle: routeModule('home'), lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })) },
      {
        path: paths.membership.path,
        handle: routeModule('membership'),
        lazy: () => import('./routes/membership').then((m) => ({ Component: m.MembershipRoute })),
      },
      { path: paths.faq.path, handle: routeModule('faq'), lazy: () => import('./routes/faq').then((m) => ({ Component: m.FaqRoute })) },
      {
        path: paths.transparency.path,
        handle: routeModule('transparency'),
        lazy: () => import('./routes/transparency').then((m) => ({ Component: m.TransparencyRoute })),
      },
      ...INFORMATION_PAGES.map(([path, title]) => ({ path, ...information(path, title) })),
      { path: paths.memberDraws.path, ...draws('MemberDrawsRoute') },
      { path: paths.upcomingGiveaways.path, ...draws('UpcomingGiveawaysRoute') },
      { path: paths.events.path, ...draws('EventsRoute') },
      { path: paths.event.path, ...draws('EventRoute') },
      { path: paths.eventTerms.path, ...draws('DrawTermsRoute') },
      { path: paths.eventVerify.path, ...draws('VerifyDrawRoute') },
      { path: paths.winners.path, ...draws('WinnersRoute') },
      { path: paths.attestScore.path, ...clubhouse('AttestRoute') },
      {
        path: paths.teamPrizes.path,
        handle: routeModule('team'),
        lazy: () => import('./routes/team').then((m) => ({ Component: m.TeamPrizesRoute })),
      },
      {
        path: paths.rewards.path,
        handle: routeModule('rewards'),
        lazy: () => import('./routes/rewards').then((m) => ({ Component: m.RewardsRoute })),
      },
      { path: paths.proShop.path, ...shop('ShopRoute') },
      { path: paths.product.path, ...shop('ProductRoute') },
      { path: paths.cart.path, ...shop('CartRoute') },
      { path: paths.checkout.path, ...shop('CheckoutRoute') },
      { path: paths.checkoutFailed.path, ...shop('CheckoutFailedRoute') },
      { path: paths.checkoutSuccess.path, ...shop('CheckoutSuccessRoute') },
      { path: paths.logout.path, handle: routeModule('auth'), lazy: () => import('./routes/auth').then((m) => ({ Component: m.LogoutRoute })) },
      {
        path: paths.accountDeleted.path,
        handle: routeModule('auth'),
        lazy: () => import('./routes/auth').then((m) => ({ Component: m.AccountDeletedRoute })),
      },
      {
        // The carousel library is only needed here; keep it out of the first load.
        lazy: () => import('../components/layouts/form-layout').then((m) => ({ Component: m.FormLayout })),
        children: [
          { path: paths.login.path, handle: routeModule('auth'), lazy: () => import('./routes/auth').then((m) => ({ Component: m.LoginRoute })) },
          { path: paths.signUp.path, handle: routeModule('auth'), lazy: () => import('./routes/auth').then((m) => ({ Component: m.SignUpRoute })) },
        ],
      },
      {
        element: <LandingLayout />,
        children: [
          {
            path: paths.forgotPassword.path,
            handle: routeModule('auth'),
            lazy: () => import('./routes/auth').then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
          {
            path: paths.changePassword.path,
            handle: routeModule('auth'),
            lazy: () => import('./routes/auth').then((m) => ({ Component: m.ChangePasswordRoute })),
          },
          {
            path: paths.refer.path,
            handle: routeModule('referrals'),
            lazy: () => import('./routes/referrals').then((m) => ({ Component: m.ReferRoute })),
          },
        ],
      },
      // A one-off entry is what the catalogue sells as a single entry: one page, one address (defect 11).
      { path: paths.oneOffEntries.path, loader: () => redirect(paths.singleEntries.getHref()) },
      {
        path: '*',
        handle: routeModule('content-page'),
        lazy: () => import('./routes/content-page').then((m) => ({ Component: m.ContentOrNotFoundRoute })),
      },
    ],
  },
  {
    element: <PrivateLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteError />,
    children: [
      { path: paths.dashboard.path, ...member('DashboardRoute') },
      { path: paths.myDraws.path, ...draws('MyDrawsRoute') },
      { path: paths.claimPrize.path, ...draws('ClaimPrizeRoute') },
      { path: paths.totalEntries.path, ...member('TotalEntriesRoute') },
      { path: paths.singleEntries.path, ...draws('SingleEntriesRoute') },
      { path: paths.orders.path, ...shop('OrdersRoute') },
      { path: paths.order.path, ...shop('OrderRoute') },
      { path: paths.clubhouse.path, ...clubhouse('ClubhouseRoute') },
      { path: paths.clubhouseRequest.path, ...clubhouse('HandicapRequestRoute') },
      { path: paths.clubhouseTransfer.path, ...clubhouse('HandicapTransferRoute') },
      { path: paths.scorecards.path, ...clubhouse('ScorecardsRoute') },
      { path: paths.scorecardSubmit.path, ...clubhouse('SubmitScorecardRoute') },
      {
        path: paths.cashback.path,
        handle: routeModule('cashback'),
        lazy: () => import('./routes/cashback').then((m) => ({ Component: m.CashbackRoute })),
      },
      {
        path: paths.settings.path,
        element: <SettingsLayout />,
        children: [
          { index: true, ...member('ProfileRoute') },
          { path: paths.profilePage.path, ...member('ProfileRoute') },
          { path: paths.passwordAndSecurity.path, ...member('PasswordRoute') },
          { path: paths.paymentMethod.path, ...member('PaymentMethodRoute') },
          { path: paths.membershipPlan.path, ...member('MembershipPlanRoute') },
          { path: paths.handicapInfo.path, ...clubhouse('HandicapSettingsRoute') },
          { path: paths.limitsAndBreaks.path, ...member('LimitsRoute') },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
