export { DashboardPage as DashboardRoute } from '../../features/dashboard/dashboard-page';
export { TotalEntriesPage as TotalEntriesRoute } from '../../features/dashboard/total-entries-page';
export { ProfilePage as ProfileRoute } from '../../features/settings/profile-page';
export { PasswordPage as PasswordRoute } from '../../features/settings/password-page';
export { PaymentMethodPage as PaymentMethodRoute } from '../../features/settings/payment-method-page';
export { MembershipPlanPage as MembershipPlanRoute } from '../../features/settings/membership-plan-page';
