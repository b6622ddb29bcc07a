import { Outlet } from 'react-router-dom';
import { Logo } from '../ui/logo';

/** Landing layout (spec section 2, layout 3): a blue page without the site header. */
export function LandingLayout() {
  return (
    <div className="landing-layout">
      <div className="landing-layout__logo">
        <Logo />
      </div>
      <Outlet />
    </div>
  );
}
