import type { ReactNode } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { AppBar, Layout, Logout, MenuItemLink, UserMenu, useBasename, useUserMenu } from 'react-admin';

function ChangePasswordItem() {
  // The console lives under /admin: a plain path here would leave it.
  const basename = useBasename();
  const menu = useUserMenu();
  return <MenuItemLink to={`${basename}/account/password`} primaryText="Change password" leftIcon={<LockResetIcon />} onClick={() => menu?.onClose()} />;
}

/** The account menu: the staff member's own settings, then Logout (which ends the session on the server). */
function AccountMenu() {
  return (
    <UserMenu>
      <ChangePasswordItem />
      <Logout />
    </UserMenu>
  );
}

const AccountAppBar = () => <AppBar userMenu={<AccountMenu />} />;

export function AccountLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={AccountAppBar}>{children}</Layout>;
}
