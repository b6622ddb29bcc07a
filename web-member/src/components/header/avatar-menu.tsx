import { useEffect, useRef, useState } from 'react';
import { AVATAR_MENU, visibleFor } from '../menus';
import { MenuLink } from '../menu-link';
import { AVATAR_MENU_HIDE_MS } from '../../config/site';
import { initialOf } from '../../lib/format';

interface Props {
  readonly name: string;
  readonly membershipId: number | null;
  readonly canRefer: boolean;
  readonly onRefer: () => void;
  readonly onLogout: () => void;
}

/** Desktop avatar: hovering opens the popup; it closes 300 ms after the pointer leaves. */
export function AvatarMenu({ name, membershipId, canRefer, onRefer, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const cancelHide = () => window.clearTimeout(hideTimer.current);
  const show = () => {
    cancelHide();
    setOpen(true);
  };
  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setOpen(false), AVATAR_MENU_HIDE_MS);
  };
  useEffect(() => cancelHide, []);
  return (
    <div className="avatar-menu" onMouseEnter={show} onMouseLeave={scheduleHide}>
      <button
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen(!open)}
      >
        {initialOf(name)}
      </button>
      {open && (
        <div className="avatar-menu__popup" role="menu" aria-label="Account">
          <p className="avatar-menu__name">{name}</p>
          {canRefer && (
            <button
              type="button"
              role="menuitem"
              className="avatar-menu__item avatar-menu__refer"
              onClick={() => {
                setOpen(false);
                onRefer();
              }}
            >
              Refer Friends
            </button>
          )}
          {visibleFor(AVATAR_MENU, membershipId).map((item) => (
            <MenuLink key={item.title} item={item} className="avatar-menu__item" onNavigate={() => setOpen(false)} />
          ))}
          <button type="button" role="menuitem" className="avatar-menu__item" onClick={onLogout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
