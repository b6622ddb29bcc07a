import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roar/contracts/draw-settings';
import { cleanHtml } from '../html';
import { DRAW_TERMS_HEADINGS, clubZoneLabel, formatClubInstant, generateDrawTerms, termsSha256, type DrawTermsInput } from './terms';

const input: DrawTermsInput = {
  fields: {
    title: 'Weekend at <Barnbougle>',
    prize_value: 12500,
    prize_value_currency: 'AUD',
    prize_end_date: '2026-12-05T09:00:00.000Z',
    open_states: ['VIC', 'NSW'],
  },
  entriesOpenAt: '2026-11-01T00:00:00.000Z',
  drawAt: '2026-12-05T09:00:00.000Z',
  method: 'beacon',
  settings: DEFAULT_DRAW_SETTINGS,
  permits: { NSW: 'TP/01234' },
  compliance: { minimumAge: 18, unclaimedRedrawMinMonths: 2 },
};

describe('generateDrawTerms', () => {
  const html = generateDrawTerms(input);

  it('holds every heading issue 22 lists, in order', () => {
    let at = -1;
    for (const heading of DRAW_TERMS_HEADINGS) {
      const next = html.indexOf(`<h2>${heading}</h2>`);
      expect(next, heading).toBeGreaterThan(at);
      at = next;
    }
  });

  it('shows the values from the prize, the settings and the figures', () => {
    expect(html.startsWith('<p><strong>Terms of entry: Weekend at &lt;Barnbougle&gt;</strong></p>')).toBe(true);
    expect(html).toContain('ROAR+ Golf Club Ltd (ABN 51 824 753 556), 1 Fairway Drive, Sydney NSW 2000');
    expect(html).toContain('aged 18 or over who live in NSW and VIC');
    expect(html).toContain('Weekend at &lt;Barnbougle&gt;, valued at A$12,500');
    expect(html).toContain('Saturday, 5 December 2026 at 8:00 pm AEDT');
    expect(html).toContain('<code>npm run audit:draw</code>');
    expect(html).toContain('drand');
    expect(html).toContain('within 60 days');
    expect(html).toContain('for 30 days');
    expect(html).toContain('on or after Friday, 5 February 2027 at 8:00 pm AEDT (2 months after the draw)');
    expect(html).toContain('<li>NSW: Permit TP/01234</li><li>VIC: Permit: not required</li>');
    expect(html).not.toContain('QLD');
  });

  it('is already clean under the one HTML policy and deterministic', () => {
    expect(cleanHtml(html, 'rich')).toBe(html);
    expect(generateDrawTerms(input)).toBe(html);
    expect(termsSha256(html)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes (and so its sha256) when a shown field changes', () => {
    const edited = generateDrawTerms({ ...input, fields: { ...input.fields, title: 'Another prize' } });
    expect(termsSha256(edited)).not.toBe(termsSha256(html));
  });

  it('opens everywhere when a prize names no states, and describes commit-reveal', () => {
    const all = generateDrawTerms({ ...input, method: 'commit-reveal', fields: { ...input.fields, open_states: undefined } });
    expect(all).toContain('ACT, NSW, NT, QLD, SA, TAS, VIC and WA');
    expect(all).toContain('commit-reveal');
  });
});

describe('club time', () => {
  it('labels AEST in winter and AEDT in summer', () => {
    expect(clubZoneLabel('2026-07-01T02:00:00.000Z')).toBe('AEST');
    expect(clubZoneLabel('2026-01-01T02:00:00.000Z')).toBe('AEDT');
    expect(formatClubInstant('2026-07-01T02:00:00.000Z')).toBe('Wednesday, 1 July 2026 at 12:00 pm AEST');
  });
});
