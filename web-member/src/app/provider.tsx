import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { ReferralDialogProvider } from '../lib/referral-dialog';
import { ToastProvider } from '../components/ui/toast';
import { ReferralDialog } from '../features/referrals/referral-dialog';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ToastProvider>
        <ReferralDialogProvider dialog={ReferralDialog}>{children}</ReferralDialogProvider>
      </ToastProvider>
    </AuthProvider>
  );
}
