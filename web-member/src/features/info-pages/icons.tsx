import type { TileIcon } from './content';

/** Line icons for the benefit tiles, drawn for the project (SVG: no emoji font is guaranteed). */
const PATHS: Record<TileIcon, string> = {
  tag: 'M3 12V4h8l10 10-8 8Z M7.5 8.5h.01',
  flag: 'M6 21V3 M6 4h11l-2.5 4L17 12H6 M3 21h8',
  card: 'M3 6h18v12H3Z M7 10h6 M7 14h4 M16 11.5a1.5 1.5 0 1 0 0.01 0',
  ticket: 'M4 8a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z M10 6v12',
  bag: 'M5 8h14l-1 13H6Z M9 8V6a3 3 0 0 1 6 0v2',
  team: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6 M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6 M2 20a6 6 0 0 1 12 0 M12 20a6 6 0 0 1 10 0',
};

export function TileIconMark({ name, colour }: { name: TileIcon; colour: string }) {
  return (
    <span className="tile__icon" aria-hidden="true" style={{ borderColor: colour }}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke={colour} strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
