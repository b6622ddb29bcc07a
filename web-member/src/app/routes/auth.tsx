export { LoginPage as LoginRoute } from '../../features/auth/login-page';
export { SignUpPage as SignUpRoute } from '../../features/auth/sign-up-page';
export { LogoutPage as LogoutRoute } from '../../features/auth/logout-page';
export { ForgotPasswordPage as ForgotPasswordRoute } from '../../features/auth/forgot-password-page';
export { ChangePasswordPage as ChangePasswordRoute } from '../../features/auth/change-password-page';
export { AccountDeletedPage as AccountDeletedRoute } from '../../features/auth/account-deleted-page';
