import { useEffect } from 'react';
import { Head } from '../../components/ui/head';
import { LoadingScreen } from '../../components/ui/feedback';
import { logout } from '../../lib/auth';

/** /logout: the same as the menu's Logout (end the session on the server, clear, then a full reload to home after 100 ms). */
export function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <>
      <Head title="Logout" />
      <LoadingScreen />
    </>
  );
}
