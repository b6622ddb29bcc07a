import { SOCIAL_LINKS } from '../../config/site';

/** Drawn icons (SVG, currentColor) for the spec's video, photo and social links. */
const ICONS = {
  video: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9l5 3-5 3z" fill="var(--navy-950, #050d22)" />
    </svg>
  ),
  photo: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
    </svg>
  ),
  social: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.6v3h2.6V21z"
        fill="currentColor"
      />
    </svg>
  ),
} as const;

export function SocialLinks() {
  return (
    <ul className="social-links" aria-label="Social links">
      {SOCIAL_LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noreferrer" aria-label={link.label} title={link.label}>
            {ICONS[link.kind]}
          </a>
        </li>
      ))}
    </ul>
  );
}
