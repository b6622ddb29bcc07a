import { describe, expect, it } from 'vitest';
import {
  asPrizeType,
  formatDrawTime,
  imageUrl,
  isOpen,
  isPrizeLocked,
  portraitOr,
  prizeImages,
  prizeSchema,
  prizeTypeDisplay,
  wonBadge,
  type Prize,
} from './prizes';
import { formatDollars } from './format';

// A prize as the api sends it (the contract's schema: every field present).
const prize = (fields: Partial<Prize> = {}): Prize =>
  prizeSchema.parse({
    id: 'p1',
    title: 'Masters trip',
    slug: 'masters-trip',
    status: 'published',
    description: '',
    hero_image: null,
    hero_image_portrait: null,
    secondary_image_1: null,
    secondary_image_2: null,
    secondary_image_3: null,
    secondary_image_1_portrait: null,
    secondary_image_2_portrait: null,
    secondary_image_3_portrait: null,
    prize_type_id: 'vip',
    event_date: null,
    event_participants: null,
    prize_end_date: '2026-12-21T08:00:00Z',
    prize_value: 15000,
    prize_value_currency: 'AUD',
    open_states: ['VIC'],
    draw_status: 'scheduled',
    terms_url: '/events/masters-trip/terms',
    entries_total: 18_240,
    winner: null,
    ...fields,
  });

describe('draw times', () => {
  it('are shown in club time with the abbreviation in force on that date (issue 20, defect 9)', () => {
    // 08:00 UTC is 19:00 in Sydney during daylight time (UTC+11): AEDT, as the staff console says.
    expect(formatDrawTime('2026-12-21T08:00:00Z')).toBe('Dec 21, 2026 7:00 PM AEDT');
    // In winter Sydney is UTC+10; past midnight UTC-wise it is already the next day there.
    expect(formatDrawTime('2026-06-30T14:05:00Z')).toBe('Jul 1, 2026 12:05 AM AEST');
    expect(formatDrawTime('soon')).toBe('soon');
  });

  it('change abbreviation exactly at the daylight-saving switches', () => {
    // Daylight time ends at 03:00 AEDT on Sunday 5 April 2026 (16:00 UTC the day before): clocks go back to 02:00 AEST.
    expect(formatDrawTime('2026-04-04T15:59:00Z')).toBe('Apr 5, 2026 2:59 AM AEDT');
    expect(formatDrawTime('2026-04-04T16:00:00Z')).toBe('Apr 5, 2026 2:00 AM AEST');
    // It starts at 02:00 AEST on Sunday 4 October 2026 (16:00 UTC the day before): clocks go forward to 03:00 AEDT.
    expect(formatDrawTime('2026-10-03T15:59:00Z')).toBe('Oct 4, 2026 1:59 AM AEST');
    expect(formatDrawTime('2026-10-03T16:00:00Z')).toBe('Oct 4, 2026 3:00 AM AEDT');
  });
});

describe('prize values', () => {
  it('drop a trailing .00', () => {
    expect(formatDollars(prize().prize_value)).toBe('$15,000');
    expect(formatDollars(prize({ prize_value: 2499.5 }).prize_value)).toBe('$2,499.50');
  });
});

describe('prize type display', () => {
  it('defaults to vip for a missing or unknown type', () => {
    expect(asPrizeType(undefined)).toBe('vip');
    expect(asPrizeType(null)).toBe('vip');
    expect(asPrizeType('lottery')).toBe('vip');
    expect(prizeTypeDisplay('bonus').title).toBe('Bonus Draw');
    expect(prizeTypeDisplay('nonsense')).toEqual(prizeTypeDisplay('vip'));
  });
});

describe('card state', () => {
  it("shows 'won' in green and anything else neutral, uppercased", () => {
    expect(wonBadge('won')).toEqual({ text: 'WON', tone: 'won' });
    expect(wonBadge('Won')).toEqual({ text: 'WON', tone: 'won' });
    expect(wonBadge('not drawn')).toEqual({ text: 'NOT DRAWN', tone: 'neutral' });
    expect(wonBadge('')).toBeNull();
    expect(wonBadge(null)).toBeNull();
  });
  it('locks bonus and weekly draws for tiers without them', () => {
    const platinum = { bonus_draws: true, weekly_draws: true };
    const basic = { bonus_draws: false, weekly_draws: false };
    expect(isPrizeLocked('bonus', basic)).toBe(true);
    expect(isPrizeLocked('weekly', basic)).toBe(true);
    expect(isPrizeLocked('weekly', undefined)).toBe(true);
    expect(isPrizeLocked('bonus', platinum)).toBe(false);
    expect(isPrizeLocked('normal', undefined)).toBe(false);
    expect(isPrizeLocked(null, basic)).toBe(false);
  });
  it('is open until the closing instant', () => {
    const closesAt = new Date('2026-12-21T08:00:00Z').getTime();
    expect(isOpen(prize(), closesAt - 1)).toBe(true);
    expect(isOpen(prize(), closesAt)).toBe(false);
  });
});

describe('images', () => {
  it('join the base path and the image path, with a default when there is none', () => {
    expect(imageUrl('prizes/masters.jpg', '/assets/', '/d.svg')).toBe('/assets/prizes/masters.jpg');
    expect(imageUrl('/uploads/masters.jpg', '/assets', '/d.svg')).toBe('/uploads/masters.jpg');
    expect(imageUrl('https://cdn.example/m.jpg', '/assets', '/d.svg')).toBe('https://cdn.example/m.jpg');
    expect(imageUrl(null, '/assets', '/d.svg')).toBe('/d.svg');
    expect(imageUrl('  ', '/assets', '/d.svg')).toBe('/d.svg');
  });
  it('fall back from a missing portrait to the plain image', () => {
    expect(portraitOr(null, 'a.jpg')).toBe('a.jpg');
    expect(portraitOr('', 'a.jpg')).toBe('a.jpg');
    expect(portraitOr('a-tall.jpg', 'a.jpg')).toBe('a-tall.jpg');
    const images = prizeImages(prize({ hero_image: '/h.jpg', secondary_image_2: '/s2.jpg', secondary_image_2_portrait: '/s2p.jpg' }));
    expect(images).toEqual([
      { landscape: '/h.jpg', portrait: '/h.jpg' },
      { landscape: '/s2.jpg', portrait: '/s2p.jpg' },
    ]);
  });
});
