import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { ToastProvider } from '../components/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ToastProvider>{children}</ToastProvider>
    </AuthProvider>
  );
}
