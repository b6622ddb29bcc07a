import type { ReactNode } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { AppBar, Layout, Logout, MenuItemLink, UserMenu, useBasename, useGetIdentity, useUserMenu } from 'react-admin';

function ChangePasswordItem() {
  // The console lives under /admin: a plain path here would leave it.
  const basename = useBasename();
  const menu = useUserMenu();
  return (
    <MenuItemLink to={`${basename}/account/password`} primaryText="Change password" leftIcon={<LockResetIcon />} onClick={() => menu?.onClose()} />
  );
}

/**
 * The account menu: the staff member's own settings, then Logout (which ends the session on the
 * server). The button is named by what it shows: react-admin labels it "Profile" while it reads the
 * staff user's name, and a speech-input user saying the name they see could not press it.
 */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? String(identity.fullName) : 'Profile'}>
      <ChangePasswordItem />
      <Logout />
    </UserMenu>
  );
}

const StaffAppBar = () => <AppBar userMenu={<StaffUserMenu />} />;

export const StaffLayout = ({ children }: { children: ReactNode }) => <Layout appBar={StaffAppBar}>{children}</Layout>;
