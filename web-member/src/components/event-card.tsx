import { LockIcon } from './ui/lock-icon';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PrizeTypeChip } from './event-card-type';
import { paths } from '../config/paths';
import { imageUrl, prizeTypeDisplay, wonBadge } from '../lib/prizes';

export interface EventCardProps {
  readonly title: string;
  readonly slug: string;
  /** Image path (resolved against the image base path; the default image when empty). */
  readonly src: string | null;
  readonly locked?: boolean;
  readonly cardType?: 'full' | 'small';
  readonly prizeTypeId?: string | null;
  /** Display text of the event date. */
  readonly eventDate?: string | null;
  readonly eventParticipants?: number | null;
  readonly showWinner?: boolean;
  /** 'won' shows green, any other text neutral; uppercased. */
  readonly won?: string | null;
  /** Extra lines under the title on the full card (value, closing time, countdown). */
  readonly children?: ReactNode;
}

/**
 * Upcoming-event card, full and small (spec sections 2 and 3): opens the giveaway. A locked card
 * carries a lock badge and no hover fade; the title is clamped to two lines.
 */
export function EventCard({
  title,
  slug,
  src,
  locked = false,
  cardType = 'full',
  prizeTypeId,
  eventDate,
  eventParticipants,
  showWinner = false,
  won,
  children,
}: EventCardProps) {
  const display = prizeTypeDisplay(prizeTypeId);
  const badge = showWinner ? wonBadge(won) : null;
  const classes = ['event-card', `event-card--${cardType}`, locked ? 'event-card--locked' : 'event-card--fades'].join(' ');
  return (
    // Named by what it shows (type, title, date, Locked), never by a label that leaves the visible text out.
    <Link to={paths.event.getHref(slug)} className={classes} data-testid="event-card">
      <span className="event-card__media">
        <img src={imageUrl(src)} alt="" loading="lazy" />
        {locked && (
          <span className="event-card__lock" title="Locked">
            <LockIcon /> Locked
          </span>
        )}
        {badge && <span className={`event-card__won event-card__won--${badge.tone}`}>{badge.text}</span>}
      </span>
      <span className="event-card__body">
        <PrizeTypeChip display={display} />
        <span className="event-card__title">{title}</span>
        {cardType === 'full' && (eventDate || eventParticipants) ? (
          <span className="event-card__meta">
            {eventDate && <span>{eventDate}</span>}
            {eventParticipants ? <span>{eventParticipants} participants</span> : null}
          </span>
        ) : null}
        {cardType === 'full' && children}
      </span>
    </Link>
  );
}
