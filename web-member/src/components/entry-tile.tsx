import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const TicketIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M9 6v12" strokeDasharray="2 2" />
  </svg>
);

/** Entry tile (spec section 2): a title, a count and an icon (a ticket unless given). */
export function EntryTile({ title, count, icon, to }: { title: string; count: number | string; icon?: ReactNode; to?: string }) {
  const body = (
    <>
      <span className="entry-tile__icon">{icon ?? <TicketIcon />}</span>
      <span className="entry-tile__title">{title}</span>
      <strong className="entry-tile__count">{count}</strong>
    </>
  );
  return to ? (
    <Link to={to} className="entry-tile">
      {body}
    </Link>
  ) : (
    <div className="entry-tile">{body}</div>
  );
}
