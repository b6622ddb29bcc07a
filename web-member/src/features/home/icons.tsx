/** Line icons for the benefit tiles (SVG: no emoji font is guaranteed on every device). */
const PATHS = {
  ticket: 'M4 8a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z M10 6v12',
  flag: 'M6 21V3 M6 4h11l-2.5 4L17 12H6 M3 21h8',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0Z M8 6H5a3 3 0 0 0 3 4 M16 6h3a3 3 0 0 1-3 4 M12 13v4 M8 20h8 M9 17h6',
} as const;

export function BenefitIcon({ name, colour }: { name: keyof typeof PATHS; colour: string }) {
  return (
    <span className="benefit__icon" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke={colour} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
