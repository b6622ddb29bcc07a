import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { TeamBox } from '../../features/team/team-box';

/** The dashboard with the team feature's tile among its own. */
export function DashboardRoute() {
  return <DashboardPage teamBox={<TeamBox />} />;
}
export { TotalEntriesPage as TotalEntriesRoute } from '../../features/dashboard/total-entries-page';
export { ProfilePage as ProfileRoute } from '../../features/settings/profile-page';
export { PasswordPage as PasswordRoute } from '../../features/settings/password-page';
export { LimitsPage as LimitsRoute } from '../../features/member-controls/limits-page';
export { PaymentMethodPage as PaymentMethodRoute } from '../../features/settings/payment-method-page';
export { MembershipPlanPage as MembershipPlanRoute } from '../../features/settings/membership-plan-page';
