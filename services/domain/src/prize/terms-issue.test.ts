import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import { createEventRegistry } from '../registry';
import { prizeDecider } from './decider';
import { NO_SECONDARY_PRIZE_IMAGES, type PrizeEvent, type PrizeFields } from './events';
import { evolvePrize, initialPrizeState } from './state';
import { termsSha256 } from './terms';

const fields: PrizeFields = {
  title: 'Masters trip',
  slug: 'masters-trip',
  description: '<p>Two tickets</p>',
  hero_image: null,
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'normal',
  event_date: null,
  event_participants: null,
  prize_end_date: '2026-12-01T00:00:00.000Z',
  prize_value: 15000,
  prize_value_currency: 'AUD',
};
const created: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields } };
const v1Html = '<h2>Terms v1</h2>';
const v2Html = '<h2>Terms v2</h2>';
const issued = (version: number, html: string): PrizeEvent => ({
  type: 'DrawTermsIssued',
  data: { prizeId: 'p1', version, html, sha256: termsSha256(html) },
});
const given = DeciderSpecification.for(prizeDecider);

describe('DrawTermsIssued', () => {
  it('issues version 1, then a new version only when the HTML changes', () => {
    given([created])
      .when({ type: 'IssueDrawTerms', html: v1Html })
      .then([issued(1, v1Html)]);
    given([created, issued(1, v1Html)])
      .when({ type: 'IssueDrawTerms', html: v1Html })
      .then([]);
    given([created, issued(1, v1Html)])
      .when({ type: 'IssueDrawTerms', html: v2Html })
      .then([issued(2, v2Html)]);
  });

  it('is refused for a prize that does not exist', () => {
    given([]).when({ type: 'IssueDrawTerms', html: v1Html }).thenThrows();
  });

  it('evolve keeps the latest version', () => {
    const state = [created, issued(1, v1Html), issued(2, v2Html)].reduce(evolvePrize, initialPrizeState);
    expect(state.status !== 'absent' && state.terms).toEqual({ version: 2, html: v2Html, sha256: termsSha256(v2Html) });
  });

  it('is registered and decodes through the HTML policy', () => {
    const definition = createEventRegistry().definitionOf('DrawTermsIssued');
    const event = issued(1, v1Html);
    expect(definition?.schema.parse(event.data)).toEqual(event.data);
    expect(definition?.schema.parse({ ...event.data, html: '<h2>x</h2><script>alert(1)</script>' })).toMatchObject({ html: '<h2>x</h2>' });
  });
});
