import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './auth/authProvider';
import { ToSignIn } from './auth/ToSignIn';
import { dataProvider } from './dataProvider';
import events from './events';
import exportsResource from './exports';
import jobs from './jobs';
import members from './members';
import memberships from './memberships';
import payments from './payments';
import prizes from './prizes';
import projections from './projections';
import referrals from './referrals';
import teams from './teams';
import handicaps from './handicaps';
import courses from './courses';
import scorecards from './scorecards';
import shopOrders from './shop-orders';
import shopProducts from './shop-products';
import shopCoupons from './shop-coupons';
import shopGiftCards from './shop-gift-cards';
import shopGiftCardTerms from './shop-gift-card-terms';
import shopTerms from './shop-terms';
import partners from './partners';
import offers from './offers';
import rewardRedemptions from './reward-redemptions';
import cashbackClaims from './cashback-claims';
import cashbackPayouts from './cashback-payouts';
import contentPages from './content-pages';
import contentFaqs from './content-faqs';
import contentTestimonials from './content-testimonials';
import serviceKeys from './service-keys';
import contentWinnersPage from './content-winners-page';
import contentHomeBlocks from './content-home-blocks';
import supportRequests from './support-requests';
import approvals from './approvals';
import staffUsers from './staff-users';
import permits from './permits';
import complianceRules from './compliance-rules';
import drawSettings from './draw-settings';
import prizeClaims from './prize-claims';
import { lazyView } from './lazyView';
import { darkTheme, lightTheme } from './theme';
import { StaffLayout } from './ui/StaffLayout';

/** Its own chunk too, with the charts library: the sign-in page does not carry them. */
const Dashboard = lazyView(() => import('./dashboard/Dashboard'), 'Dashboard');
/** The guide the dashboard's "Before you sell" checklist links to (docs/before-you-sell.md). */
const BeforeYouSellPage = lazyView(() => import('./dashboard/BeforeYouSellPage'), 'BeforeYouSellPage');
const PasswordPage = lazyView(() => import('./account/PasswordPage'), 'PasswordPage');

/**
 * The staff console, served by the API at /admin. Who may edit what is decided in authProvider.canAccess.
 * A resource is one line here, `<Resource name="x" {...x} />`, and its folder's index.ts loads each
 * view with lazyView (`list: lazyView(() => import('./XList'), 'XList')`): every page is its own
 * chunk, fetched when staff first open it, so the first load stays small as resources are added.
 */
export function App() {
  return (
    <Admin
      basename="/admin"
      title="ROAR+ staff"
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={ToSignIn}
      dashboard={Dashboard}
      layout={StaffLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <Resource name="memberships" {...memberships} />
      <Resource name="members" {...members} />
      <Resource name="payments" {...payments} />
      <Resource name="prizes" {...prizes} />
      <Resource name="prize-claims" options={{ label: 'Prize claims' }} {...prizeClaims} />
      <Resource name="permits" options={{ label: 'Permits' }} {...permits} />
      <Resource name="compliance-rules" options={{ label: 'Compliance rules' }} {...complianceRules} />
      <Resource name="draw-settings" options={{ label: 'Draw settings' }} {...drawSettings} />
      <Resource name="approvals" options={{ label: 'Approvals' }} {...approvals} />
      <Resource name="referrals" {...referrals} />
      <Resource name="teams" {...teams} />
      <Resource name="handicaps" options={{ label: 'Handicaps' }} {...handicaps} />
      <Resource name="courses" {...courses} />
      <Resource name="scorecards" {...scorecards} />
      <Resource name="shop-orders" options={{ label: 'Shop orders' }} {...shopOrders} />
      <Resource name="shop-products" options={{ label: 'Shop products' }} {...shopProducts} />
      <Resource name="shop-coupons" options={{ label: 'Shop coupons' }} {...shopCoupons} />
      <Resource name="shop-gift-cards" options={{ label: 'Gift cards' }} {...shopGiftCards} />
      <Resource name="shop-gift-card-terms" options={{ label: 'Gift card terms' }} {...shopGiftCardTerms} />
      <Resource name="shop-terms" options={{ label: 'Shop settings' }} {...shopTerms} />
      <Resource name="partners" {...partners} />
      <Resource name="offers" {...offers} />
      <Resource name="reward-redemptions" options={{ label: 'Redemptions' }} {...rewardRedemptions} />
      <Resource name="cashback-claims" options={{ label: 'Cashback claims' }} {...cashbackClaims} />
      <Resource name="cashback-payouts" options={{ label: 'Cashback payouts' }} {...cashbackPayouts} />
      <Resource name="support-requests" options={{ label: 'Support requests' }} {...supportRequests} />
      <Resource name="content-pages" options={{ label: 'Pages' }} {...contentPages} />
      <Resource name="content-faqs" options={{ label: 'FAQs' }} {...contentFaqs} />
      <Resource name="content-testimonials" options={{ label: 'Testimonials' }} {...contentTestimonials} />
      <Resource name="content-winners-page" options={{ label: 'Winners page' }} {...contentWinnersPage} />
      <Resource name="content-home-blocks" options={{ label: 'Home blocks' }} {...contentHomeBlocks} />
      <Resource name="service-keys" options={{ label: 'Service keys' }} {...serviceKeys} />
      <Resource name="staff-users" options={{ label: 'Staff accounts' }} {...staffUsers} />
      <Resource name="exports" options={{ label: 'Exports' }} {...exportsResource} />
      <Resource name="events" options={{ label: 'Event log' }} {...events} />
      <Resource name="projections" options={{ label: 'Read models' }} {...projections} />
      <Resource name="jobs-failed" options={{ label: 'Failed jobs' }} {...jobs} />
      <CustomRoutes>
        <Route path="/before-you-sell" element={<BeforeYouSellPage />} />
        <Route path="/account/password" element={<PasswordPage />} />
      </CustomRoutes>
    </Admin>
  );
}
