import { NavLink } from 'react-router-dom';
import { isExternal, type MenuItem } from './menus';

export function MenuLink({ item, className = '', onNavigate }: { item: MenuItem; className?: string; onNavigate?: () => void }) {
  if (isExternal(item.url)) {
    return (
      <a href={item.url} className={className} onClick={onNavigate}>
        {item.title}
      </a>
    );
  }
  return (
    <NavLink to={item.url} end={item.url === '/'} className={({ isActive }) => `${className}${isActive ? ' is-active' : ''}`} onClick={onNavigate}>
      {item.title}
    </NavLink>
  );
}
