import type { PrizeTypeDisplay } from '../lib/prizes';

const PATHS: Record<PrizeTypeDisplay['icon'], string> = {
  users: 'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M12 20a6 6 0 0 1 10 0',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  cash: 'M3 7h18v10H3zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 10v4M18 10v4',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  sparkle: 'M12 3v6M12 15v6M3 12h6M15 12h6M6 6l3 3M15 15l3 3M18 6l-3 3M9 15l-3 3',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
};

/** The icon of a prize type's display settings, at its configured size. */
export function PrizeTypeIcon({ display }: { display: PrizeTypeDisplay }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={display.iconSize}
      height={display.iconSize}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[display.icon]} />
    </svg>
  );
}

/** A chip with the prize type's title, icon, colour and background. */
export function PrizeTypeChip({ display }: { display: PrizeTypeDisplay }) {
  return (
    <span className="prize-type" style={{ color: display.colour, background: display.background }}>
      <PrizeTypeIcon display={display} />
      {display.title}
    </span>
  );
}
