import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { ReferralDialogProvider, type ReferralDialogProps } from '../lib/referral-dialog';
import { ToastProvider } from '../components/ui/toast';

/**
 * The referral modal is only drawn once a member opens it: its module (with the referrals feature's
 * calls, its stylesheet and the contracts they read) comes then, not with every first visit (issue
 * 25, the member console's first-visit script). The opener shows nothing while it loads.
 */
const LazyReferralDialog = lazy(() => import('../features/referrals/referral-dialog').then((m) => ({ default: m.ReferralDialog })));

function ReferralDialog(props: ReferralDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyReferralDialog {...props} />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ToastProvider>
        <ReferralDialogProvider dialog={ReferralDialog}>{children}</ReferralDialogProvider>
      </ToastProvider>
    </AuthProvider>
  );
}
