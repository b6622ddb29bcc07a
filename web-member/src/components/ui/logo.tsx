import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The wordmark; it always links home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to={paths.home.getHref()} className={`logo ${className}`} aria-label="ROAR+ home">
      <span className="logo__word">ROAR</span>
      <span className="logo__plus">+</span>
    </Link>
  );
}
