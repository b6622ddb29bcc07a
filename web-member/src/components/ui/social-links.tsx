import { SOCIAL_LINKS } from '../../config/site';

const glyph = { video: '▶', photo: '◎', social: 'f' } as const;

export function SocialLinks() {
  return (
    <ul className="social-links" aria-label="Social links">
      {SOCIAL_LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noreferrer" aria-label={link.label} title={link.label}>
            <span aria-hidden="true">{glyph[link.kind]}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
