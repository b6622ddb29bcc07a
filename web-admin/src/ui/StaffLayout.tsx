import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu, useGetIdentity } from 'react-admin';

/**
 * The user menu button is named by what it shows: react-admin labels it "Profile" while it reads
 * the staff user's name, and a speech-input user saying the name they see could not press it.
 */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? String(identity.fullName) : 'Profile'} />;
}

const StaffAppBar = () => <AppBar userMenu={<StaffUserMenu />} />;

export const StaffLayout = ({ children }: { children: ReactNode }) => <Layout appBar={StaffAppBar}>{children}</Layout>;
